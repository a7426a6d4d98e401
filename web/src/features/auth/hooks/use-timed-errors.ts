// Server errors under a form that disappear on their own (docs/product.md section 4: login after 3 s, signup after 5 s).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiFieldError } from '@web/lib/api-client';

export function useTimedErrors(clearAfterMs: number) {
  const [errors, setErrors] = useState<ApiFieldError[]>([]);
  const timer = useRef<number | undefined>(undefined);

  const show = useCallback(
    (next: ApiFieldError[]) => {
      window.clearTimeout(timer.current);
      setErrors(next);
      timer.current = window.setTimeout(() => setErrors([]), clearAfterMs);
    },
    [clearAfterMs],
  );

  const clear = useCallback(() => {
    window.clearTimeout(timer.current);
    setErrors([]);
  }, []);

  useEffect(() => () => window.clearTimeout(timer.current), []);
  return { errors, show, clear };
}
