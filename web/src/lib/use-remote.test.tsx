// The one data-fetching hook: a load shows loading then data or the error; a quiet refresh (an order
// page watched while staff move it) shows the new answer without a loading state and keeps what is
// shown when it fails.
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { useRemote } from './use-remote';

describe('useRemote', () => {
  it('loads, then shows the error with the fallback message when the request fails without one', async () => {
    const load = vi.fn().mockResolvedValueOnce('first').mockRejectedValueOnce(new Error('offline'));
    const { result } = renderHook(() => useRemote(load, [], 'Failed to fetch orders'));
    expect(result.current.state.status).toBe('loading');
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', data: 'first' }));

    await act(() => result.current.reload());
    expect(result.current.state.status).toBe('error');
    expect(result.current.state.status === 'error' && result.current.state.error.message).toBe('Failed to fetch orders');
  });

  it('refreshes quietly: the new answer replaces the data with no loading state, a failure keeps what is shown', async () => {
    const load = vi
      .fn()
      .mockResolvedValueOnce('placed')
      .mockResolvedValueOnce('delivered')
      .mockRejectedValueOnce(new ApiError('Server error', 500, 'server_error'));
    const { result } = renderHook(() => useRemote(load, []));
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', data: 'placed' }));

    const states: string[] = [];
    const refreshing = act(() => result.current.refresh());
    states.push(result.current.state.status);
    await refreshing;
    expect(states).toEqual(['ready']);
    expect(result.current.state).toEqual({ status: 'ready', data: 'delivered' });

    await act(() => result.current.refresh());
    expect(result.current.state).toEqual({ status: 'ready', data: 'delivered' });
    expect(load).toHaveBeenCalledTimes(3);
    // The first load is loud (its page may toast), refreshes are quiet.
    expect(load.mock.calls.map((call) => call[1])).toEqual([false, true, true]);
  });

  it('does not refresh while a load is under way, whose answer is the newer one', async () => {
    let finish: (value: string) => void = () => {};
    const load = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    const { result } = renderHook(() => useRemote(load, []));
    await act(() => result.current.refresh());
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => finish('page 2'));
    expect(result.current.state).toEqual({ status: 'ready', data: 'page 2' });
  });
});
