import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setEthiopianDates } from '../../../lib/dates.ts';
import { changeLanguage } from '../../../lib/i18n.ts';
import { BookingCalendar } from './booking-calendar.tsx';

// November 2026 runs from Tikimt 22 to Hidar 21, 2019 in the Ethiopian calendar; Hidar 1 is 10 November.
const month = { year: 2026, month: 11 };
const available = {
  '2026-11-10': ['09:00', '10:00'],
  '2026-11-16': ['16:00', '17:00', '18:00'],
};

function renderCalendar() {
  return render(
    <BookingCalendar
      month={month}
      minMonth={month}
      today="2026-11-02"
      available={available}
      locked={false}
      selected=""
      onSelect={() => undefined}
      onMonthChange={() => undefined}
    />,
  );
}

const grid = () => screen.getByTestId('booking-calendar');

describe('the booking calendar in the Ethiopian calendar', () => {
  it('stays Gregorian only in English by default', () => {
    renderCalendar();
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent(/^November 2026$/);
    expect(screen.queryAllByTestId('ethiopian-day')).toHaveLength(0);
    expect(
      within(grid()).getByRole('button', { name: 'Monday, 16 November 2026, 3 start times' }),
    ).toBeEnabled();
  });

  it('in Amharic names the Ethiopian months spanned and shows each Ethiopian day number beside the Gregorian', async () => {
    await act(() => changeLanguage('am'));
    renderCalendar();

    const heading = screen.getByRole('heading', { level: 3 });
    expect(heading).toHaveTextContent('ኖቬምበር 2026 · ጥቅምት–ኅዳር 2019');
    expect(screen.getByRole('grid')).toHaveAccessibleName(/ኖቬምበር 2026 · ጥቅምት–ኅዳር 2019/);

    // The day button's accessible name carries the whole Ethiopian date, in Amharic.
    const day = within(grid()).getByRole('button', { name: /^ሰኞ፣ ኖቬምበር 16 2026 \(ኅዳር 7 2019\)/ });
    expect(day).toBeEnabled();
    expect(day).toHaveTextContent(/^167$/);
    expect(within(day).getByTestId('ethiopian-day')).toHaveTextContent('7');

    // Every day of the month has its Ethiopian number: 1 November is Tikimt 22, 30 November is Hidar 21.
    const numbers = screen.getAllByTestId('ethiopian-day').map((n) => Number(n.textContent));
    expect(numbers).toHaveLength(30);
    expect(numbers[0]).toBe(22);
    expect(numbers.at(-1)).toBe(21);
    // Hidar 1 (10 November) starts a month: its number stands out.
    const hidarFirst = within(grid()).getByRole('button', { name: /ኖቬምበር 10 2026 \(ኅዳር 1 2019\)/ });
    expect(within(hidarFirst).getByTestId('ethiopian-day')).toHaveClass('font-bold');
  });

  it('in English shows the Ethiopian months and days once the visitor asked for Ethiopian dates', () => {
    act(() => setEthiopianDates(true));
    renderCalendar();
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent('November 2026 · Tikimt–Hidar 2019');
    expect(screen.getByTestId('ethiopian-months')).toHaveTextContent('Tikimt–Hidar 2019');
    expect(
      within(grid()).getByRole('button', {
        name: 'Monday, 16 November 2026 (Hidar 7, 2019), 3 start times',
      }),
    ).toHaveTextContent(/^167$/);
  });

  it('names both Ethiopian years when the month crosses Enkutatash', async () => {
    await act(() => changeLanguage('am'));
    render(
      <BookingCalendar
        month={{ year: 2026, month: 9 }}
        minMonth={{ year: 2026, month: 9 }}
        today="2026-09-01"
        available={{}}
        locked={false}
        selected=""
        onSelect={() => undefined}
        onMonthChange={() => undefined}
      />,
    );
    expect(screen.getByTestId('ethiopian-months')).toHaveTextContent('ነሐሴ 2018–መስከረም 2019');
    // Pagume 1–5, 2018 fall on 6–10 September 2026; Meskerem 1, 2019 on the 11th.
    expect(
      within(grid()).getByRole('button', { name: /^ዓርብ፣ ሴፕቴምበር 11 2026 \(መስከረም 1 2019\)$/ }),
    ).toBeDisabled();
    expect(
      within(grid()).getByRole('button', { name: /^ረቡዕ፣ ሴፕቴምበር 9 2026 \(ጳጉሜን 4 2018\)$/ }),
    ).toBeInTheDocument();
  });
});
