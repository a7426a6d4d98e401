// A product list grows page by page while its end is on screen, starts again for a new search or
// category, offers Try Again when the first page fails and says so in a toast when a later one does.
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@web/components/ui/toast';
import { useInfiniteList, type Page } from './use-infinite-list';

vi.mock('@web/components/ui/toast', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));
afterEach(() => vi.mocked(toast.error).mockClear());

type FetchPage = (page: number, signal: AbortSignal) => Promise<Page<string>>;

function List({ listKey, fetchPage }: { listKey: string; fetchPage: FetchPage }) {
  const list = useInfiniteList<string>({ key: listKey, fetchPage, errorMessage: 'Failed to fetch products', loadMoreErrorMessage: 'Failed to load more products' });
  return (
    <div>
      <p data-testid="status">{list.status}</p>
      {list.error ? <p role="alert">{list.error}</p> : null}
      <button type="button" onClick={list.retry}>
        Try Again
      </button>
      <ul>
        {list.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      {/* jsdom lays nothing out: the marker always counts as on screen, so every page loads in turn. */}
      <div data-infinite-sentinel ref={list.sentinelRef} data-testid="more">
        {list.hasMore ? 'more' : 'end'}
      </div>
    </div>
  );
}

const pages = (prefix: string, count: number): FetchPage =>
  vi.fn(async (page: number) => ({ items: [`${prefix}${page}a`, `${prefix}${page}b`], hasNextPage: page < count }));

const shown = () => screen.queryAllByRole('listitem').map((item) => item.textContent);

describe('useInfiniteList', () => {
  it('loads the first page, then the next ones while the end is on screen, and stops at the last', async () => {
    const fetchPage = pages('p', 3);
    render(<List listKey="all" fetchPage={fetchPage} />);
    expect(screen.getByTestId('status').textContent).toBe('loading');
    // Three pages in turn, each after a render and an observer's callback: more than waitFor's 1 s on a busy machine.
    await waitFor(() => expect(shown()).toEqual(['p1a', 'p1b', 'p2a', 'p2b', 'p3a', 'p3b']), { timeout: 5_000 });
    expect(screen.getByTestId('more').textContent).toBe('end');
    expect(vi.mocked(fetchPage).mock.calls.map((call) => call[0])).toEqual([1, 2, 3]);
  });

  it('starts again from page 1 for a new key, dropping the old items', async () => {
    const { rerender } = render(<List listKey="fruit" fetchPage={pages('f', 1)} />);
    await waitFor(() => expect(shown()).toEqual(['f1a', 'f1b']));
    const vegetables = pages('v', 2);
    rerender(<List listKey="vegetables" fetchPage={vegetables} />);
    await waitFor(() => expect(shown()).toEqual(['v1a', 'v1b', 'v2a', 'v2b']));
    expect(vi.mocked(vegetables).mock.calls.map((call) => call[0])).toEqual([1, 2]);
  });

  it('shows the first page failure with Try Again, which loads it', async () => {
    const fetchPage = vi.fn<FetchPage>().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ items: ['x'], hasNextPage: false });
    render(<List listKey="all" fetchPage={fetchPage} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch products');
    expect(screen.getByTestId('status').textContent).toBe('error');
    await act(async () => screen.getByRole('button', { name: 'Try Again' }).click());
    await waitFor(() => expect(shown()).toEqual(['x']));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('toasts a failed later page once, keeps what is shown, and does not ask again by itself', async () => {
    const fetchPage = vi
      .fn<FetchPage>()
      .mockResolvedValueOnce({ items: ['a'], hasNextPage: true })
      .mockRejectedValue(new Error('offline'));
    render(<List listKey="all" fetchPage={fetchPage} />);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to load more products'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(fetchPage).toHaveBeenCalledTimes(2);
    expect(shown()).toEqual(['a']);
    expect(screen.getByTestId('status').textContent).toBe('ready');
  });
});
