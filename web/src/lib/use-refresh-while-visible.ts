// Server data a shopper watches change under them (an order's status and payment, moved by staff):
// fetched again every few seconds while the page is on screen, and at once when the shopper comes back
// to it (tab shown, window focused). Nothing runs while the page is hidden, so a phone in a pocket
// spends no data on it.
import { useEffect, useRef } from 'react';

/** How often a visible page asks again: "within seconds" at one small call per period. */
export const REFRESH_WHILE_VISIBLE_MS = 5000;
/** Coming back fires both focus and visibilitychange; one call is enough. */
const RETURN_DEBOUNCE_MS = 1000;

export function useRefreshWhileVisible(refresh: () => void, enabled = true, intervalMs = REFRESH_WHILE_VISIBLE_MS): void {
  const latest = useRef(refresh);
  useEffect(() => {
    latest.current = refresh;
  });

  useEffect(() => {
    if (!enabled) return;
    let timer: number | undefined;
    let lastRun = Date.now();
    const run = () => {
      lastRun = Date.now();
      latest.current();
    };
    const start = () => {
      timer ??= window.setInterval(run, intervalMs);
    };
    const stop = () => {
      window.clearInterval(timer);
      timer = undefined;
    };
    const onReturn = () => {
      if (document.visibilityState === 'hidden') return stop();
      if (Date.now() - lastRun >= RETURN_DEBOUNCE_MS) run();
      start();
    };
    if (document.visibilityState !== 'hidden') start();
    document.addEventListener('visibilitychange', onReturn);
    window.addEventListener('focus', onReturn);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onReturn);
      window.removeEventListener('focus', onReturn);
    };
  }, [enabled, intervalMs]);
}
