/**
 * Stable codes of the API's error answers (issue 26): `{ detail, code, params? }`. The web translates an answer by
 * its code and params, never by reading its English `detail`.
 *
 * Each messages table gets its codes next to it with `codedMessages(table, …)`: a message's code is its key in
 * snake_case (`slotTaken` → `slot_taken`), after the table's prefix, unless `codes` names another; a message with
 * values (a function) names them in `params`, in the function's order. The API derives the code of any answer
 * whose `detail` is one of these messages (error-catalog.ts), so a throw site gets its code for free.
 */

/** One coded message: `template` is its English text with `{{param}}` placeholders (i18next's). */
export type CodedMessage = {
  readonly code: string;
  readonly template: string;
  readonly params: readonly string[];
};

type MessageFn = (...args: never[]) => string;
type FnKeys<T> = { [K in keyof T]: T[K] extends MessageFn ? K : never }[keyof T] & string;

export type CodedMessagesOptions<T> = {
  /** Prepended to every derived code (a table whose keys alone would be vague: `upload_` + `too_large`). */
  prefix?: string;
  /** A code other than the derived one (two tables using one key for different things). */
  codes?: Partial<Record<keyof T & string, string>>;
  /** The values of each message function, in its arguments' order. */
  params?: { [K in FnKeys<T>]?: readonly string[] };
  /** Keys that are not answers of the API (a screen's labels, a formatter taking an object). */
  skip?: readonly (keyof T & string)[];
};

/** `slotTaken` → `slot_taken`. */
export const snakeCase = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export const isErrorCode = (code: string) => /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/.test(code);

/** The table's messages with their codes (see the file's comment). */
export function codedMessages<T extends Record<string, unknown>>(
  table: T,
  options: CodedMessagesOptions<T> = {},
): CodedMessage[] {
  const out: CodedMessage[] = [];
  for (const [key, message] of Object.entries(table)) {
    if (options.skip?.includes(key)) continue;
    const code = options.codes?.[key] ?? `${options.prefix ?? ''}${snakeCase(key)}`;
    if (typeof message === 'string') {
      out.push({ code, template: message, params: [] });
    } else if (typeof message === 'function') {
      const params = (options.params as Record<string, readonly string[]> | undefined)?.[key];
      if (!params) throw new Error(`codedMessages: name the params of ${key}`);
      const template = (message as (...args: string[]) => string)(...params.map((p) => `{{${p}}}`));
      out.push({ code, template, params });
    }
  }
  return out;
}
