// The 1 s home splash (docs/product.md section 2): 'Loading Isoko...' over the page while the page itself renders and
// fetches underneath, so the hero is ready to show the moment the splash lifts.
import { t } from '@lingui/core/macro';
import { useEffect, useState } from 'react';

export const SPLASH_MS = 1000;

// The first time the app opens on the home page, the second counts from navigation start: the
// identical splash in index.html has been showing since then.
let firstHomeVisit = true;

export function useSplash(durationMs = SPLASH_MS): boolean {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const elapsed = firstHomeVisit && typeof performance !== 'undefined' ? performance.now() : 0;
    firstHomeVisit = false;
    const timer = setTimeout(() => setVisible(false), Math.max(0, durationMs - elapsed));
    return () => clearTimeout(timer);
  }, [durationMs]);
  return visible;
}

export function Splash({ name }: { name: string }) {
  return (
    <div className="home-splash" role="status">
      <div className="home-splash-ring" aria-hidden="true" />
      <p>{t`Loading ${name}...`}</p>
    </div>
  );
}
