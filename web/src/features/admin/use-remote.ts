// One fetch per screen with its three states, re-run when its inputs change. Server data is fetched
// here, never mirrored in a store (ARCHITECTURE: zustand only for client state).
import { useCallback, useEffect, useRef, useState } from 'react';
import { toApiError, type ApiError } from '../../lib/api-client';

export type Remote<T> =
  | { status: 'loading'; data?: T }
  | { status: 'ready'; data: T }
  | { status: 'error'; error: ApiError; data?: T };

export function useRemote<T>(load: () => Promise<T>, inputs: readonly unknown[], failure = 'Could not load this page') {
  const [state, setState] = useState<Remote<T>>({ status: 'loading' });
  const latest = useRef(0);
  // The caller names what the load depends on, as with useEffect's list.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const run = useCallback(load, inputs);

  const reload = useCallback(async () => {
    const call = ++latest.current;
    setState((previous) => ({ status: 'loading', data: previous.data }));
    try {
      const data = await run();
      if (call === latest.current) setState({ status: 'ready', data });
    } catch (error) {
      const apiError = await toApiError(error, failure);
      if (call === latest.current) setState((previous) => ({ status: 'error', error: apiError, data: previous.data }));
    }
  }, [run, failure]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const replace = useCallback((data: T) => setState({ status: 'ready', data }), []);
  return { state, reload, replace };
}
