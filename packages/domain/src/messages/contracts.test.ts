import { describe, expect, it } from 'vitest';
import { cleanMessageBody, MESSAGE_MAX_LENGTH, sendMessageSchema } from './contracts.ts';
import { messageTexts } from './texts.ts';
import { askOfficeBodySchema, OFFICE_MESSAGE_MAX } from '../bookings/tutor-changes.ts';

describe('message body', () => {
  it('keeps text and line breaks, drops control characters and extra blank lines', () => {
    expect(cleanMessageBody('  Hello\r\n\r\n\r\n\r\nSee https://x.example\u0007 \u202Eok  ')).toBe(
      'Hello\n\nSee https://x.example ok',
    );
  });

  it('refuses an empty or blank message and one over the limit', () => {
    const blank = sendMessageSchema.safeParse({ body: ' \n\t ' });
    expect(blank.success).toBe(false);
    expect(blank.error?.issues[0]?.message).toBe(messageTexts.empty);
    const long = sendMessageSchema.safeParse({ body: 'a'.repeat(MESSAGE_MAX_LENGTH + 1) });
    expect(long.error?.issues[0]?.message).toBe(messageTexts.tooLong);
    expect(sendMessageSchema.parse({ body: 'a'.repeat(MESSAGE_MAX_LENGTH) }).body).toHaveLength(2000);
  });

  it('is the one message limit: as sent and as kept, for conversations and the office (decision 264)', () => {
    expect(messageTexts.tooLong).toContain(String(MESSAGE_MAX_LENGTH));
    expect(OFFICE_MESSAGE_MAX).toBe(MESSAGE_MAX_LENGTH);
    const padded = sendMessageSchema.safeParse({ body: `${'a'.repeat(MESSAGE_MAX_LENGTH)}\n` });
    expect(padded.error?.issues[0]?.message).toBe(messageTexts.tooLong);
    expect(askOfficeBodySchema.safeParse({ message: 'a'.repeat(MESSAGE_MAX_LENGTH) }).success).toBe(true);
    expect(askOfficeBodySchema.safeParse({ message: 'a'.repeat(MESSAGE_MAX_LENGTH + 1) }).success).toBe(
      false,
    );
  });
});
