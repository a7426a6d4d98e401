// Page-by-page lists that grow as the shopper scrolls (spec 4, Product list): the first page loads
// whenever `key` changes; the next one when the end of the list comes within 100px of the screen.
import { useCallback, useEffect, useRef, useState } from 'react';
import { toApiError } from '../../../lib/api-client';
import { toast } from '../../../components/ui/toast';

export const PREFETCH_DISTANCE_PX = 100;

export interface Page<T> {
  items: T[];
  hasNextPage: boolean;
}

interface Options<T> {
  /** Changing it starts again from page 1 (a new search or category). */
  key: string;
  fetchPage: (page: number, signal: AbortSignal) => Promise<Page<T>>;
  /** Message for a failed first page (shown with Try Again). */
  errorMessage: string;
  /** Toast for a failed later page. */
  loadMoreErrorMessage: string;
  enabled?: boolean;
}

export function useInfiniteList<T>({ key, fetchPage, errorMessage, loadMoreErrorMessage, enabled = true }: Options<T>) {
  const [items, setItems] = useState<T[]>([]);
  const [status, setStatus] = useState<'loading' | 'error' | 'ready'>('loading');
  const [error, setError] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [hasMore, setHasMore] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const page = useRef(1);
  const busy = useRef(false);
  const generation = useRef(0);
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  const controller = useRef<AbortController | null>(null);

  // First page: reset everything, and ignore any answer that arrives for an older key.
  useEffect(() => {
    if (!enabled) return;
    const mine = ++generation.current;
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    page.current = 1;
    busy.current = true;
    setItems([]);
    setHasMore(false);
    setLoadingMore(false);
    setStatus('loading');
    setError(null);
    fetchRef
      .current(1, abort.signal)
      .then((result) => {
        if (mine !== generation.current) return;
        setItems(result.items);
        setHasMore(result.hasNextPage && result.items.length > 0);
        setStatus('ready');
      })
      .catch(async (failure: unknown) => {
        if (mine !== generation.current || abort.signal.aborted) return;
        const apiError = await toApiError(failure, errorMessage);
        setError(apiError.message || errorMessage);
        setStatus('error');
      })
      .finally(() => {
        if (mine === generation.current) busy.current = false;
      });
    return () => abort.abort();
  }, [key, attempt, enabled, errorMessage]);

  const loadMore = useCallback(() => {
    if (busy.current || !hasMore || status !== 'ready') return;
    const mine = generation.current;
    const next = page.current + 1;
    busy.current = true;
    setLoadingMore(true);
    const signal = controller.current?.signal ?? new AbortController().signal;
    fetchRef
      .current(next, signal)
      .then((result) => {
        if (mine !== generation.current) return;
        page.current = next;
        setItems((current) => [...current, ...result.items]);
        // Stop when a page comes back empty or the server says there is no next page.
        setHasMore(result.hasNextPage && result.items.length > 0);
      })
      .catch(() => {
        if (mine !== generation.current || signal.aborted) return;
        toast.error(loadMoreErrorMessage);
      })
      .finally(() => {
        if (mine !== generation.current) return;
        busy.current = false;
        setLoadingMore(false);
      });
  }, [hasMore, status, loadMoreErrorMessage]);

  // Watch a marker after the last item; it is re-attached whenever React gives us a new node.
  const observer = useRef<IntersectionObserver | null>(null);
  const loadMoreRef = useRef(loadMore);
  loadMoreRef.current = loadMore;
  const sentinelRef = useCallback((node: HTMLElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    observer.current = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMoreRef.current();
      },
      { rootMargin: `${PREFETCH_DISTANCE_PX}px 0px` },
    );
    observer.current.observe(node);
  }, []);

  // After a page lands the marker may still be on screen (tall screens, short pages): keep going.
  useEffect(() => {
    if (status !== 'ready' || loadingMore || !hasMore) return;
    const node = document.querySelector('[data-infinite-sentinel]');
    if (!node) return;
    const rect = node.getBoundingClientRect();
    if (rect.top - PREFETCH_DISTANCE_PX <= window.innerHeight) loadMore();
  }, [items.length, status, loadingMore, hasMore, loadMore]);

  useEffect(() => () => observer.current?.disconnect(), []);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);

  return { items, setItems, status, error, loadingMore, hasMore, retry, sentinelRef };
}
