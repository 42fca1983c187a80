import { describe, expect, it } from 'vitest';
import {
  REMINDER_SMS_MAX_SEGMENTS,
  reminderChannelFor,
  reminderDue,
  reminderEmail,
  reminderSms,
  reminderWhatsAppVariables,
  reminderWhen,
  type ReminderContent,
} from './reminders.ts';
import { smsSegments } from './sms-segments.ts';

const HOUR = 3_600_000;
// Monday 15 June 2026, 16:00 EAT (13:00 UTC): Sene 8, 2018 in the Ethiopian calendar.
const startsAt = new Date('2026-06-15T13:00:00Z');

const content = (over: Partial<ReminderContent> = {}): ReminderContent => ({
  kind: '24h',
  locale: 'en',
  startsAt,
  endsAt: new Date(startsAt.getTime() + HOUR),
  familyZone: '',
  familyName: 'Hana Tesfaye',
  studentName: 'Liya Tesfaye',
  tutorName: 'Abebe Kebede',
  subject: 'Mathematics',
  link: 'https://tibeb.example/student/dashboard',
  now: new Date(startsAt.getTime() - 24 * HOUR),
  ...over,
});

describe('when reminders are due', () => {
  const at = (hoursBefore: number) => new Date(startsAt.getTime() - hoursBefore * HOUR);
  it('sends the 24-hour one from 24 h until 3 h before, the 1-hour one from 1 h until the start', () => {
    expect(reminderDue('24h', startsAt, at(24.01))).toBe(false);
    expect(reminderDue('24h', startsAt, at(24))).toBe(true);
    expect(reminderDue('24h', startsAt, at(3.01))).toBe(true);
    expect(reminderDue('24h', startsAt, at(3))).toBe(false);
    expect(reminderDue('1h', startsAt, at(1.01))).toBe(false);
    expect(reminderDue('1h', startsAt, at(1))).toBe(true);
    expect(reminderDue('1h', startsAt, at(0.01))).toBe(true);
    expect(reminderDue('1h', startsAt, at(0))).toBe(false);
  });
  it('skips the 24-hour one for a lesson booked less than a day ahead (its confirmation just went out)', () => {
    expect(reminderDue('24h', startsAt, at(10), at(20))).toBe(false);
    expect(reminderDue('24h', startsAt, at(10), at(30))).toBe(true);
    expect(reminderDue('1h', startsAt, at(0.5), at(2))).toBe(true);
  });
  it("reads the booking's preference as a channel", () => {
    expect(reminderChannelFor('phone')).toBe('sms');
    expect(reminderChannelFor('whatsapp')).toBe('whatsapp');
    expect(reminderChannelFor('email')).toBe('email');
    expect(reminderChannelFor('')).toBe('email');
  });
});

describe('reminder texts', () => {
  it('gives the time in EAT, and in the family’s zone when it differs (with its own day)', () => {
    expect(reminderWhen(content())).toBe('on Mon 15 Jun at 16:00 EAT');
    expect(reminderWhen(content({ familyZone: 'America/New_York' }))).toBe(
      'on Mon 15 Jun at 16:00 EAT (09:00 your time)',
    );
    expect(reminderWhen(content({ familyZone: 'Pacific/Auckland' }))).toBe(
      'on Mon 15 Jun at 16:00 EAT (Tue 16 Jun, 01:00 your time)',
    );
    expect(reminderWhen(content({ familyZone: 'Africa/Addis_Ababa' }))).toBe('on Mon 15 Jun at 16:00 EAT');
    expect(reminderWhen(content({ kind: '1h', now: new Date(startsAt.getTime() - HOUR) }))).toBe(
      'in 1 hour, at 16:00 EAT',
    );
    expect(reminderWhen(content({ kind: '1h', now: new Date(startsAt.getTime() - 20 * 60_000) }))).toBe(
      'in 20 minutes, at 16:00 EAT',
    );
  });

  it('writes Amharic with the Ethiopian date beside the Gregorian one, and Ethiopic punctuation', () => {
    const am = content({ locale: 'am', familyZone: 'Europe/London' });
    expect(reminderWhen(am)).toBe('ሰኞ፣ ሰኔ 8 (ጁን 15)፣ 16:00 EAT (በእርስዎ ሰዓት 14:00) ላይ');
    expect(reminderWhen({ ...am, kind: '1h', now: new Date(startsAt.getTime() - HOUR) })).toBe(
      'በ1 ሰዓት ውስጥ፣ 16:00 EAT (በእርስዎ ሰዓት 14:00) ላይ',
    );
    const sms = reminderSms(am);
    expect(sms).toContain('የተማሪ Liya Tesfaye ትምህርት');
    expect(sms).toContain('ከአስጠኚ Abebe Kebede ጋር');
    expect(sms).toContain('ይጀምራል።');
    expect(sms).toContain('STOP');
    expect(sms).not.toMatch(/[A-Za-z]+day|Jun\b/); // no English day or month names
    const mail = reminderEmail(am, 'https://tibeb.example/stop');
    expect(mail.subject).toBe(
      'ማስታወሻ፦ የተማሪ Liya Tesfaye ትምህርት ከአስጠኚ Abebe Kebede ጋር፣ ሰኞ፣ ሰኔ 8 (ጁን 15) 16:00 EAT',
    );
    expect(mail.text).toContain('ጊዜ፦ ሰኞ፣ ሰኔ 8 2018 ዓ.ም. (ጁን 15 2026)፣ 16:00–17:00 EAT');
    expect(mail.text).toContain('በእርስዎ ሰዓት (Europe/London)፦ ሰኞ፣ ሰኔ 8 2018 ዓ.ም. (ጁን 15 2026)፣ 14:00–15:00');
    expect(mail.text).toContain('ማስታወሻዎቹን ለማቆም፦ https://tibeb.example/stop');
  });

  it('writes the English e-mail with both zones and the opt-out link', () => {
    const mail = reminderEmail(content({ familyZone: 'America/New_York' }), 'https://tibeb.example/stop');
    expect(mail.subject).toBe("Reminder: Liya Tesfaye's lesson with Abebe Kebede, Mon 15 Jun 16:00 EAT");
    expect(mail.text).toContain('Mon, 15 Jun 2026, 16:00–17:00 EAT');
    expect(mail.text).toContain('Mon, 15 Jun 2026, 09:00–10:00 America/New_York, your time');
    expect(mail.text).toContain('Stop them: https://tibeb.example/stop');
    const soon = reminderEmail(content({ kind: '1h', now: new Date(startsAt.getTime() - HOUR) }), 'x');
    expect(soon.subject).toBe("Starting in 1 hour: Liya Tesfaye's lesson with Abebe Kebede");
  });

  it('fills the WhatsApp template’s four variables', () => {
    expect(reminderWhatsAppVariables(content({ familyZone: 'America/New_York' }))).toEqual({
      '1': 'Liya Tesfaye',
      '2': 'Abebe Kebede',
      '3': 'on Mon 15 Jun at 16:00 EAT (09:00 your time)',
      '4': 'https://tibeb.example/student/dashboard',
    });
  });

  it('keeps an SMS within the segment budget: English in GSM-7, Amharic in UCS-2', () => {
    for (const kind of ['24h', '1h'] as const) {
      const now = new Date(startsAt.getTime() - (kind === '24h' ? 24 : 1) * HOUR);
      const en = reminderSms(content({ kind, now, familyZone: 'America/New_York' }));
      expect(smsSegments(en)).toMatchObject({ encoding: 'GSM-7', segments: 2 });
      expect(en).toContain('Mathematics'); // room for everything
      expect(en).toContain('09:00 your time');
      const am = reminderSms(content({ kind, now, locale: 'am', familyZone: 'America/New_York' }));
      expect(smsSegments(am).encoding).toBe('UCS-2');
      expect(smsSegments(am).segments).toBeLessThanOrEqual(REMINDER_SMS_MAX_SEGMENTS);
    }
  });

  it('drops the subject, then the family’s time, then long names, rather than exceed the budget', () => {
    const long = content({
      locale: 'am',
      familyZone: 'America/Argentina/ComodRivadavia',
      studentName: 'ልያ ተስፋዬ ገብረመድህን ወልደሚካኤል ሀብተጊዮርጊስ',
      tutorName: 'Abebe Kebede Woldemariam Gebrehiwot Tesfamichael',
      subject: 'Afaan Oromoo and Amharic literature',
      link: 'https://tutoring.tibeb-learning.example.com/student/dashboard',
    });
    const sms = reminderSms(long);
    expect(smsSegments(sms).segments).toBeLessThanOrEqual(REMINDER_SMS_MAX_SEGMENTS);
    expect(sms).toContain('ልያ');
    expect(sms).toContain('Abebe');
    expect(sms).toContain(long.link);
    expect(sms).toContain('16:00 EAT');
    expect(sms).not.toContain('Afaan Oromoo');
    const en = reminderSms({ ...long, locale: 'en', studentName: 'Liya Tesfaye Gebremedhin Woldemichael' });
    expect(smsSegments(en)).toMatchObject({ encoding: 'GSM-7' });
    expect(smsSegments(en).segments).toBeLessThanOrEqual(REMINDER_SMS_MAX_SEGMENTS);
  });
});
