import { describe, expect, it } from 'vitest';
import { BoundedMemoryCounters } from '../http/rate-limit.ts';
import { recipientHash, RecipientCap } from './recipient-cap.ts';

const logSpy = () => {
  const lines: { obj: object; msg: string }[] = [];
  return { lines, log: { warn: (obj: object, msg: string) => lines.push({ obj, msg }) } as never };
};

describe('the per-recipient cap', () => {
  it('allows the hour’s budget per address, whatever its case or spaces, then refuses and logs only a hash', async () => {
    const { lines, log } = logSpy();
    const cap = new RecipientCap(new BoundedMemoryCounters(), log, { perHour: 3, perDay: 10 });
    const answers = [];
    for (const address of [
      'Meron@Example.com',
      ' meron@example.com',
      'MERON@EXAMPLE.COM ',
      'meron@example.com',
    ]) {
      answers.push(await cap.allow(address, 'reset'));
    }
    expect(answers).toEqual([true, true, true, false]);
    expect(await cap.allow('someone-else@example.com', 'reset')).toBe(true);
    expect(lines).toHaveLength(1);
    expect(JSON.stringify(lines)).not.toMatch(/meron|example/i);
    expect(lines[0]!.obj).toEqual({ recipient: recipientHash('meron@example.com'), kind: 'reset' });
  });

  it('bounds the day too, and a flood inside the hour does not spend the day', async () => {
    const { log } = logSpy();
    const counters = new BoundedMemoryCounters();
    const cap = new RecipientCap(counters, log, { perHour: 2, perDay: 10 });
    for (let i = 0; i < 50; i += 1) await cap.allow('a@example.com', 'contact_ack');
    const day = await counters.get(`mailcap:d:${recipientHash('a@example.com')}`);
    expect(day?.consumedPoints).toBe(2);

    const daily = new RecipientCap(new BoundedMemoryCounters(), log, { perHour: 100, perDay: 10 });
    const sent = [];
    for (let i = 0; i < 30; i += 1) sent.push(await daily.allow('b@example.com', 'newsletter_welcome'));
    expect(sent.filter(Boolean)).toHaveLength(10);
  });

  it('holds across instances that share the counters (300 requests from 10 places: the cap)', async () => {
    const { log } = logSpy();
    const shared = new BoundedMemoryCounters();
    const instances = Array.from({ length: 10 }, () => new RecipientCap(shared, log));
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        instances[i % 10]!.allow('victim@example.com', 'already_registered'),
      ),
    );
    expect(answers.filter(Boolean)).toHaveLength(5);
  });
});
