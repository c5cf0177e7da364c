// No dead controls before hydration. The page works before its scripts run (links are
// links, forms post to the server), and hydration starts late on purpose (document-html.ts: after
// the first photos), so a button that only React can act on — a wishlist heart, the menu button,
// the product dialog's close — would ignore a click for seconds on a phone. A tiny inline script at
// the top of the document records such clicks (and marks the button `data-early-click`, which CSS
// shows at once, so the visitor sees it took); once React has hydrated, the root replays them on
// the same elements, and React's handlers do what the click meant. (The mark is an attribute React
// does not manage: flipping aria-pressed ahead of React would leave the DOM out of step with it.)
//
// Recording stops the moment React starts hydrating (entry.client): from then on React's own root
// listener receives clicks and replays those on parts it has not hydrated yet. The script is
// static, so the document's hash-based CSP allows it (server/http/security-headers.ts).

/** The global the inline script keeps its queue in. */
export const EARLY_CLICKS = "__fcEarlyClicks";

/** The controls that need React to act: buttons that are not form submissions. */
const CONTROLS = 'button[type="button"]';

// Plain ES5: it goes into the page as written here (and is hashed for the CSP).
export const EARLY_CLICKS_SCRIPT = `(function () {
  var queue = window.${EARLY_CLICKS} = [];
  document.addEventListener("click", function (event) {
    if (queue.closed || !event.target || !event.target.closest) return;
    var button = event.target.closest('${CONTROLS}');
    if (!button || button.disabled) return;
    event.preventDefault();
    queue.push(button);
    button.setAttribute("data-early-click", "");
  }, true);
})();`;

interface EarlyClickQueue extends Array<HTMLElement> {
  closed?: boolean;
}

function queue(): EarlyClickQueue | undefined {
  return (window as unknown as Record<string, EarlyClickQueue | undefined>)[EARLY_CLICKS];
}

/** React is about to hydrate: it takes the clicks from here on. */
export function stopRecordingEarlyClicks(): void {
  const q = queue();
  if (q) q.closed = true;
}

/** Hydrated: replay the recorded clicks, in order, on the elements that received them. */
export function replayEarlyClicks(): void {
  const q = queue();
  if (!q) return;
  q.closed = true;
  for (const button of q.splice(0)) {
    button.removeAttribute("data-early-click");
    if (button.isConnected) button.click();
  }
}
