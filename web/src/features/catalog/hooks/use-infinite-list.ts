// Page-by-page lists that grow as the shopper scrolls (docs/product.md section 4, Product list): the first page loads
// whenever `key` changes (through useRemote, the one data-fetching hook); the next one when the end of
// the list comes within 100px of the screen.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useRemote } from '@web/lib/use-remote';
import { toast } from '@web/components/ui/toast';

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

/** The pages after the first, kept with the first page they follow: a new first page drops them. */
interface LaterPages<T> {
  after: Page<T>;
  page: number;
  items: T[];
  hasMore: boolean;
  loading: boolean;
  /** The last try failed: the next one waits for the shopper to scroll to the end again. */
  failed: boolean;
}

export function useInfiniteList<T>({ key, fetchPage, errorMessage, loadMoreErrorMessage, enabled = true }: Options<T>) {
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  // The first page is server data like any other: read through useRemote, again whenever `key` changes.
  const { state, reload } = useRemote((signal) => fetchRef.current(1, signal), [key], errorMessage, enabled);
  const first = state.status === 'ready' ? state.data : undefined;
  const [laterPages, setLaterPages] = useState<LaterPages<T> | null>(null);
  const later = laterPages && laterPages.after === first ? laterPages : undefined;

  const items = useMemo(() => (first ? [...first.items, ...(later?.items ?? [])] : []), [first, later?.items]);
  // Stop when a page comes back empty or the server says there is no next page.
  const hasMore = later ? later.hasMore : Boolean(first && first.hasNextPage && first.items.length > 0);
  const loadingMore = Boolean(later?.loading);

  const busy = useRef(false);
  const pending = useRef<AbortController | null>(null);
  // A new first page (new key, Try Again) or leaving the page drops a later page still on its way.
  useEffect(
    () => () => {
      pending.current?.abort();
      busy.current = false;
    },
    [first],
  );

  const loadMore = useCallback(() => {
    if (busy.current || !first || !hasMore) return;
    const abort = new AbortController();
    pending.current = abort;
    busy.current = true;
    const shown = later ?? { after: first, page: 1, items: [], hasMore: true, loading: false, failed: false };
    const next = shown.page + 1;
    setLaterPages({ ...shown, loading: true, failed: false });
    fetchRef
      .current(next, abort.signal)
      .then((result) => {
        if (abort.signal.aborted) return;
        setLaterPages({ after: first, page: next, items: [...shown.items, ...result.items], hasMore: result.hasNextPage && result.items.length > 0, loading: false, failed: false });
      })
      .catch(() => {
        if (abort.signal.aborted) return;
        toast.error(loadMoreErrorMessage);
        setLaterPages({ ...shown, loading: false, failed: true });
      })
      .finally(() => {
        if (!abort.signal.aborted) busy.current = false;
      });
  }, [first, later, hasMore, loadMoreErrorMessage]);

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

  // After a page lands the marker may still be on screen (tall screens, short pages): keep going. Not
  // after a failure, which would ask (and toast) again and again while offline.
  const failed = Boolean(later?.failed);
  useEffect(() => {
    if (!first || loadingMore || !hasMore || failed) return;
    const node = document.querySelector('[data-infinite-sentinel]');
    if (!node) return;
    const rect = node.getBoundingClientRect();
    if (rect.top - PREFETCH_DISTANCE_PX <= window.innerHeight) loadMore();
  }, [items.length, first, loadingMore, hasMore, failed, loadMore]);

  useEffect(() => () => observer.current?.disconnect(), []);

  const retry = useCallback(() => void reload(), [reload]);
  const error = state.status === 'error' ? state.error.message || errorMessage : null;

  return { items, status: state.status, error, loadingMore, hasMore, retry, sentinelRef };
}
