// Phones: the chat launcher floats over the page's corner, where a cart line's price or a product's
// name may scroll under it. While anything a shopper reads or taps lies beneath it the launcher steps
// aside (hidden, class chat-launcher-aside) and comes back once the shopper scrolls that clear, so it
// never covers content at 360 px. Desktops keep it always: their pages leave that corner empty.
import { useEffect } from 'react';

const PHONE = '(max-width: 599px)';
/** What is read or tapped by its box, not by its text: pictures and controls. */
const BY_BOX = 'img, svg, picture, video, button, a.btn, input, select, textarea, [role=button]';

const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top;

/** Whether this element's own text (not its children's), or its box for a picture or a control, lies under the rect. */
function contentUnder(element: Element, rect: DOMRect): boolean {
  if (element.matches(BY_BOX)) return overlaps(element.getBoundingClientRect(), rect);
  for (const node of element.childNodes) {
    if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    if ([...range.getClientRects()].some((line) => overlaps(line, rect))) return true;
  }
  return false;
}

/** Points across the launcher's box, edge to edge: a 5 by 5 grid finds a picture's corner or a short word under it. */
function pointsOver(rect: DOMRect): [number, number][] {
  const steps = [0, 0.25, 0.5, 0.75, 1];
  const inset = 0.5;
  const along = (from: number, to: number, step: number) => from + inset + (to - from - 2 * inset) * step;
  return steps.flatMap((x) => steps.map((y): [number, number] => [along(rect.left, rect.right, x), along(rect.top, rect.bottom, y)]));
}

/** Whether anything but the launcher itself lies under it. */
function coversContent(launcher: HTMLElement): boolean {
  const rect = launcher.getBoundingClientRect();
  const seen = new Set<Element>();
  for (const [x, y] of pointsOver(rect)) {
    for (const element of document.elementsFromPoint(x, y)) {
      if (seen.has(element) || launcher.contains(element)) continue;
      seen.add(element);
      if (contentUnder(element, rect)) return true;
    }
  }
  return false;
}

/** Keeps the launcher off content on phones, checked once a frame at most as the page scrolls or changes. */
export function useLauncherClearOfContent(launcher: HTMLElement | null): void {
  useEffect(() => {
    if (!launcher || typeof window.matchMedia !== 'function' || typeof ResizeObserver !== 'function') return;
    const phone = window.matchMedia(PHONE);
    let frame = 0;
    const check = () => {
      frame = 0;
      launcher.classList.toggle('chat-launcher-aside', phone.matches && coversContent(launcher));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    const changes = new MutationObserver(schedule);
    changes.observe(document.body, { childList: true, subtree: true, characterData: true });
    // A picture arriving or a row opening moves what is under it without a change to the page's nodes.
    const resized = new ResizeObserver(schedule);
    resized.observe(document.body);
    document.addEventListener('load', schedule, true);
    document.addEventListener('transitionend', schedule, true);
    document.addEventListener('animationend', schedule, true);
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    schedule();
    return () => {
      cancelAnimationFrame(frame);
      changes.disconnect();
      resized.disconnect();
      document.removeEventListener('load', schedule, true);
      document.removeEventListener('transitionend', schedule, true);
      document.removeEventListener('animationend', schedule, true);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [launcher]);
}
