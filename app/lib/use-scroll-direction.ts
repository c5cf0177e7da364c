// Keeps <html data-scroll-direction> up to date; the sticky header hides while the
// visitor reads downwards and returns when they scroll up.
import { useEffect } from "react";

export function useScrollDirection() {
  useEffect(() => {
    let last = window.scrollY;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const y = window.scrollY;
        if (Math.abs(y - last) < 8) return;
        document.documentElement.dataset.scrollDirection = y > last && y > 80 ? "down" : "up";
        last = y;
      });
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
}
