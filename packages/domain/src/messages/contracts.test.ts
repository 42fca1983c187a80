import { describe, expect, it } from 'vitest';
import { cleanMessageBody, MESSAGE_MAX_LENGTH, sendMessageSchema } from './contracts.ts';
import { messageTexts } from './texts.ts';

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
});
