// The one way a screen reads server data: a load with its three states, re-run when its inputs change,
// the previous request aborted when it is no longer wanted. Server data is fetched here, never
// mirrored in a store (ARCHITECTURE: zustand only for client state shared across screens).
import { t } from '@lingui/core/macro';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@web/components/ui/toast';
import { toApiError, type ApiError } from './api-client';

export type Remote<T> =
  | { status: 'loading'; data?: T }
  | { status: 'ready'; data: T }
  | { status: 'error'; error: ApiError; data?: T };

/**
 * `load` gets an AbortSignal to pass to the request, and `quiet` true when it runs as a refresh (say
 * nothing on failure: no toast, no redirect). `inputs` lists what it depends on, as useEffect's
 * list does; `failure` is the message when the server gives none; with `enabled` false (a section not
 * yet scrolled into view) nothing is fetched and the state stays 'loading'.
 */
export function useRemote<T>(
  load: (signal: AbortSignal, quiet: boolean) => Promise<T>,
  inputs: readonly unknown[],
  failure = t`Could not load this page`,
  enabled = true,
) {
  const [state, setState] = useState<Remote<T>>({ status: 'loading' });
  const current = useRef<AbortController | null>(null);
  const loading = useRef(false);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const run = useCallback(load, inputs);

  /**
   * A load shows 'loading', then the data or the error. A quiet one (data staff change while the shopper
   * watches) shows no loading state and keeps what is shown if it fails; the next refresh or the
   * shopper's own action tries again. A quiet one is skipped while a load is under way, whose answer is
   * newer anyway; a load started meanwhile wins over it.
   */
  const fetchAgain = useCallback(
    async (quiet: boolean) => {
      if (quiet && loading.current) return;
      current.current?.abort();
      const abort = new AbortController();
      current.current = abort;
      if (!quiet) {
        loading.current = true;
        setState((previous) => ({ status: 'loading', data: previous.data }));
      }
      try {
        const data = await run(abort.signal, quiet);
        if (!abort.signal.aborted) setState({ status: 'ready', data });
      } catch (error) {
        if (quiet || abort.signal.aborted) return;
        const apiError = await toApiError(error, failure);
        if (!abort.signal.aborted) setState((previous) => ({ status: 'error', error: apiError, data: previous.data }));
      } finally {
        if (!quiet && current.current === abort) loading.current = false;
      }
    },
    [run, failure],
  );
  const reload = useCallback(() => fetchAgain(false), [fetchAgain]);
  const refresh = useCallback(() => fetchAgain(true), [fetchAgain]);

  useEffect(() => {
    if (!enabled) return;
    void reload();
    return () => current.current?.abort();
  }, [reload, enabled]);

  /** Shows data the screen already has (a save's reply) without asking again. */
  const replace = useCallback((data: T) => setState({ status: 'ready', data }), []);
  return { state, reload, refresh, replace };
}

/**
 * `load`, saying `message` in a toast when it fails: not when it was aborted (the page moved on) and
 * not on a quiet refresh, whose failure keeps what is shown without a word.
 */
export function toastOnFailure<T>(message: string, load: (signal: AbortSignal, quiet: boolean) => Promise<T>) {
  return async (signal: AbortSignal, quiet: boolean): Promise<T> => {
    try {
      return await load(signal, quiet);
    } catch (error) {
      if (!quiet && !signal.aborted) toast.error(message);
      throw error;
    }
  };
}
