import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { fieldMessages as m, plainFieldMessage } from './field-messages.ts';

/** The plain message of each issue a schema gives for `input`, by field. */
function plain(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), plainFieldMessage(i)]));
}

describe('plainFieldMessage', () => {
  it('says in plain words what a validator says in its own', () => {
    const schema = z.strictObject({
      name: z.string().min(1),
      bio: z.string().min(50).max(4000),
      rate: z.number().min(0),
      price: z.number().gt(0),
      age: z.number().int().max(120),
      email: z.email(),
      role: z.enum(['tutor', 'student']),
      subjects: z.array(z.number()).min(1),
      note: z.string(),
    });
    expect(
      plain(schema, {
        name: '',
        bio: 'short',
        rate: -1,
        price: 0,
        age: 1.5,
        email: 'nope',
        role: 'owner',
        subjects: [],
        extra: 1,
      }),
    ).toEqual({
      name: m.required,
      bio: m.tooShort(50),
      rate: m.atLeast(0),
      price: m.above(0),
      age: m.wholeNumber,
      email: m.email,
      role: m.choice,
      subjects: m.tooFew(1),
      note: m.required,
      '': m.unknownField,
    });
    expect(plain(schema.pick({ bio: true, age: true }), { bio: 'x'.repeat(4001), age: 121 })).toEqual({
      bio: m.tooLong(4000),
      age: m.atMost(120),
    });
  });
});
