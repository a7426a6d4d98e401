// Whether an element has come near the screen yet (within rootMargin of it): what is below the fold
// waits for it, so a visit that never scrolls there never downloads its code, its data or its pictures.
import { useEffect, useRef, useState } from 'react';

export function useSeen<T extends Element>(rootMargin: string) {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const node = ref.current;
    if (!node || seen) return;
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { rootMargin },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [seen, rootMargin]);
  return { ref, seen };
}
