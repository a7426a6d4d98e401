// The shopper's order pages ask again every few seconds while on screen, at once on coming back,
// and never while hidden.
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REFRESH_WHILE_VISIBLE_MS, useRefreshWhileVisible } from './use-refresh-while-visible';

let visibility: DocumentVisibilityState = 'visible';

function setVisibility(next: DocumentVisibilityState) {
  visibility = next;
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});
afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(document, 'visibilityState');
});

describe('useRefreshWhileVisible', () => {
  it('asks again every period while the page is visible', () => {
    const refresh = vi.fn();
    renderHook(() => useRefreshWhileVisible(refresh));
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(REFRESH_WHILE_VISIBLE_MS - 1);
    expect(refresh).toHaveBeenCalledTimes(0);
    vi.advanceTimersByTime(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(REFRESH_WHILE_VISIBLE_MS * 2);
    expect(refresh).toHaveBeenCalledTimes(3);
  });

  it('stops while hidden and asks at once on coming back, once for focus and visibility together', () => {
    const refresh = vi.fn();
    renderHook(() => useRefreshWhileVisible(refresh));
    setVisibility('hidden');
    vi.advanceTimersByTime(REFRESH_WHILE_VISIBLE_MS * 10);
    expect(refresh).not.toHaveBeenCalled();

    setVisibility('visible');
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(REFRESH_WHILE_VISIBLE_MS);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('asks on window focus after a while away in another window', () => {
    const refresh = vi.fn();
    renderHook(() => useRefreshWhileVisible(refresh));
    vi.advanceTimersByTime(2000);
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('does nothing when off, and nothing after the page is gone', () => {
    const refresh = vi.fn();
    renderHook(() => useRefreshWhileVisible(refresh, false));
    vi.advanceTimersByTime(REFRESH_WHILE_VISIBLE_MS * 3);
    const mounted = renderHook(() => useRefreshWhileVisible(refresh));
    mounted.unmount();
    vi.advanceTimersByTime(REFRESH_WHILE_VISIBLE_MS * 3);
    setVisibility('visible');
    expect(refresh).not.toHaveBeenCalled();
  });

  it('calls the latest function it was given', () => {
    const first = vi.fn();
    const second = vi.fn();
    const hook = renderHook(({ refresh }) => useRefreshWhileVisible(refresh), { initialProps: { refresh: first } });
    hook.rerender({ refresh: second });
    vi.advanceTimersByTime(REFRESH_WHILE_VISIBLE_MS);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });
});
