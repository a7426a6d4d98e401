// A small "load once when asked" helper for the home sections (loading, error with a fallback message, data).
import { useEffect, useState } from 'react';
import { toApiError } from '../../../lib/api-client';

export type Loadable<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };

export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, fallbackMessage: string, enabled = true): Loadable<T> {
  const [state, setState] = useState<Loadable<T>>({ status: 'loading' });
  useEffect(() => {
    if (!enabled) return;
    const abort = new AbortController();
    setState({ status: 'loading' });
    load(abort.signal)
      .then((data) => setState({ status: 'ready', data }))
      .catch(async (error: unknown) => {
        if (abort.signal.aborted) return;
        const failure = await toApiError(error, fallbackMessage);
        setState({ status: 'error', message: failure.message || fallbackMessage });
      });
    return () => abort.abort();
    // `load` is a module-level function per section; the effect runs when the section is enabled.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, fallbackMessage]);
  return state;
}
