import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRotation } from './use-rotation.ts';

const options = { perView: 2, intervalMs: 4000, fadeMs: 500 };

describe('useRotation (offers carousel clock)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fades at 4000 ms, advances by 2 at 4500 ms and wraps around', () => {
    const { result } = renderHook(() => useRotation(5, options));
    expect(result.current).toEqual({ start: 0, fading: false, rotates: true });
    act(() => vi.advanceTimersByTime(3999));
    expect(result.current.fading).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toMatchObject({ start: 0, fading: true });
    act(() => vi.advanceTimersByTime(499));
    expect(result.current.start).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toMatchObject({ start: 2, fading: false });
    act(() => vi.advanceTimersByTime(8000));
    expect(result.current.start).toBe(1); // 2 → 4 → 1 (wrapped)
  });

  it('stays still with 2 offers or fewer', () => {
    const { result } = renderHook(() => useRotation(2, options));
    act(() => vi.advanceTimersByTime(20_000));
    expect(result.current).toEqual({ start: 0, fading: false, rotates: false });
  });

  it('stops while paused, and a pause during the fade shows the offers again', () => {
    const { result, rerender } = renderHook(({ paused }) => useRotation(5, { ...options, paused }), {
      initialProps: { paused: false },
    });
    act(() => vi.advanceTimersByTime(4100));
    expect(result.current.fading).toBe(true);
    rerender({ paused: true });
    expect(result.current).toMatchObject({ start: 0, fading: false });
    act(() => vi.advanceTimersByTime(20_000));
    expect(result.current.start).toBe(0);
  });
});
