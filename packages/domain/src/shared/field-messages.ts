import { codedMessages } from './error-codes.ts';

/**
 * Plain field errors (issue 31 item 3, decision 265): what a field says when its schema gave no words of its own,
 * instead of a validator's English (`Too small: expected number to be >=0`). Each has a code, so the interface
 * shows it in its language under its field.
 */
export const fieldMessages = {
  required: 'This field is required.',
  tooShort: (minimum: number) => `Please enter at least ${minimum} characters.`,
  tooLong: (maximum: number) => `Please enter at most ${maximum} characters.`,
  atLeast: (minimum: number) => `Please enter ${minimum} or more.`,
  above: (minimum: number) => `Please enter a number above ${minimum}.`,
  atMost: (maximum: number) => `Please enter ${maximum} or less.`,
  below: (maximum: number) => `Please enter a number below ${maximum}.`,
  tooFew: (minimum: number) => `Please give at least ${minimum}.`,
  tooMany: (maximum: number) => `Please give at most ${maximum}.`,
  wholeNumber: 'Please enter a whole number.',
  number: 'Please enter a number.',
  email: 'Please enter a valid e-mail address.',
  link: 'Please enter a valid link.',
  date: 'Please enter a valid date.',
  choice: 'Please choose one of the options.',
  unknownField: 'This field is not accepted here.',
  format: 'Please check this value.',
} as const;

/** Their codes: `field_required`, `field_too_short` ({{minimum}}), … */
export const fieldMessageCodes = codedMessages(fieldMessages, {
  prefix: 'field_',
  params: {
    tooShort: ['minimum'],
    tooLong: ['maximum'],
    atLeast: ['minimum'],
    above: ['minimum'],
    atMost: ['maximum'],
    below: ['maximum'],
    tooFew: ['minimum'],
    tooMany: ['maximum'],
  },
});

/** What a validation issue tells (a zod issue's own fields, as the API's validator passes them on). */
export type ValidationIssue = {
  code: string;
  message?: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
  format?: string;
  expected?: string;
};

const num = (value: number | bigint | undefined) => Number(value ?? 0);

/** A validation issue in plain words (a validator's own message is never shown). */
export function plainFieldMessage(issue: ValidationIssue): string {
  const m = fieldMessages;
  switch (issue.code) {
    case 'invalid_type':
      if (/received undefined$/.test(issue.message ?? '')) return m.required;
      if (issue.expected === 'int') return m.wholeNumber;
      if (issue.expected === 'number') return m.number;
      return m.format;
    case 'too_small': {
      const min = num(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? m.required : m.tooShort(min);
      if (issue.origin === 'array' || issue.origin === 'set') return m.tooFew(min);
      return issue.inclusive === false ? m.above(min) : m.atLeast(min);
    }
    case 'too_big': {
      const max = num(issue.maximum);
      if (issue.origin === 'string') return m.tooLong(max);
      if (issue.origin === 'array' || issue.origin === 'set') return m.tooMany(max);
      return issue.inclusive === false ? m.below(max) : m.atMost(max);
    }
    case 'invalid_format':
      if (issue.format === 'email') return m.email;
      if (issue.format === 'url') return m.link;
      if (issue.format === 'date' || issue.format === 'datetime') return m.date;
      return m.format;
    case 'invalid_value':
    case 'invalid_union':
      return m.choice;
    case 'unrecognized_keys':
      return m.unknownField;
    default:
      return m.format;
  }
}
