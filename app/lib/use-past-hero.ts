// Whether the visitor has scrolled the home hero out from under the header. The header is
// transparent (with its veil) only over the hero, the picture it was designed for; once the hero
// has gone by, it wears its own ground again, so its words never sit on the page's words or
// pictures. The hero marks itself with `data-behind-header`; the first render (the server's, at
// the top of the page) is "not past".
import { useEffect, useState, type RefObject } from "react";

export function usePastHero(enabled: boolean, header: RefObject<HTMLElement | null>): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    if (!enabled) return setPast(false);
    let frame = 0;
    const check = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const hero = document.querySelector("[data-behind-header]");
        const bottom = header.current?.getBoundingClientRect().height ?? 0;
        setPast(!hero || hero.getBoundingClientRect().bottom <= bottom);
      });
    };
    check();
    window.addEventListener("scroll", check, { passive: true });
    window.addEventListener("resize", check, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", check);
      window.removeEventListener("resize", check);
    };
  }, [enabled, header]);
  return enabled && past;
}
