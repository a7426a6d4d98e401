// One key per checkout attempt: a double click or a retry after a dropped connection sends the same key,
// so the server answers with the first order instead of making a second. A new attempt gets a new key.
import { useCallback, useRef } from 'react';

function randomKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; a shop opened over plain http on a LAN still needs unique keys.
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function useIdempotencyKey() {
  const key = useRef<string>(randomKey());
  const renew = useCallback(() => {
    key.current = randomKey();
  }, []);
  return { current: () => key.current, renew };
}
