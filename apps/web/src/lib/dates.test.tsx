import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setEthiopianDates, useDates } from './dates.ts';
import { changeLanguage } from './i18n.ts';

// Friday 6 November 2026 in Addis Ababa: Tikimt 27, 2019.
const day = '2026-11-06';

describe('useDates', () => {
  it('gives English formatters, and the Ethiopian date once asked', () => {
    const { result } = renderHook(() => useDates());
    expect(result.current).toMatchObject({ language: 'en', ethiopian: false });
    expect(result.current.format(day, 'dayLong')).toBe('Friday, 6 November 2026');
    expect(result.current.month({ year: 2026, month: 11 })).toBe('November 2026');

    act(() => setEthiopianDates(true));
    expect(result.current.ethiopian).toBe(true);
    expect(result.current.format(day, 'dayLong')).toBe('Friday, 6 November 2026 (Tikimt 27, 2019)');
    expect(result.current.month({ year: 2026, month: 11 })).toBe('November 2026 · Tikimt–Hidar 2019');
  });

  it('follows the interface language: Amharic always with the Ethiopian date', async () => {
    const { result } = renderHook(() => useDates());
    await act(() => changeLanguage('am'));
    expect(result.current).toMatchObject({ language: 'am', ethiopian: true });
    expect(result.current.format(day, 'dayLong')).toBe('ዓርብ፣ ኖቬምበር 6 2026 (ጥቅምት 27 2019)');
    expect(result.current.format('2026-11-06T18:30:00Z', 'dayTime', 'Africa/Addis_Ababa')).toBe(
      'ዓርብ፣ ኖቬምበር 6 (ጥቅምት 27)፣ 21:30',
    );
  });
});
