import { describe, expect, it } from 'vitest';
import { bookingEmailPattern, bookingMessages, gradeOptions, weekdayCodes } from './messages.ts';

describe('booking messages and constants', () => {
  it('keeps the spec texts', () => {
    expect(bookingMessages.slotTaken).toBe('That slot has just been taken. Please pick another time.');
    expect(bookingMessages.noTimesForDay('Monday')).toBe('No available times for Monday.');
  });
  it('lists the grade options and weekday codes of spec §3', () => {
    expect(gradeOptions[0]).toBe('KG');
    expect(gradeOptions).toContain('Grade 12');
    expect(gradeOptions.at(-1)).toBe('SAT Prep');
    expect(weekdayCodes).toEqual(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']);
  });
  it('accepts an e-mail only with one @ and a dot after it, and no spaces', () => {
    expect(bookingEmailPattern.test('hana@example.com')).toBe(true);
    expect(bookingEmailPattern.test('hana@example')).toBe(false);
    expect(bookingEmailPattern.test('ha na@example.com')).toBe(false);
    expect(bookingEmailPattern.test('hana@@example.com')).toBe(false);
  });
});
