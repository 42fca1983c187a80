import { ApiError, type CodedFieldError } from './api-client.ts';

/** A `t` of any namespace, as react-i18next's `useTranslation` gives it. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The English text of a key, its placeholders filled: for code that is also called outside a component. */
export const englishText: Translate = (key, options) =>
  key.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options?.[name] ?? ''));

/** An error answer as lib/api-client.ts's `ApiError` holds it: the English `detail` as its message, its code and values. */
export type CodedError = {
  message: string;
  code?: string | undefined;
  params?: Readonly<Record<string, string | number>> | undefined;
};

/** The namespace of the API's error codes (locales/am/errors.json): one key per code, and the values they carry. */
export const ERRORS_NS = 'errors';

/**
 * An error answer in the interface's language, by its `code` and `params` (issue 26): `errors:<code>` filled with
 * the values (each translated too when it is a key of 'errors': a session's status, a weekday). English has no
 * resource file (decision 190): it, and a code the namespace does not know, show the answer's own `detail`.
 */
export function translateError(t: Translate, error: CodedError): string {
  if (!error.code) return error.message;
  const values = Object.fromEntries(
    Object.entries(error.params ?? {}).map(([name, value]) => [
      name,
      typeof value === 'string' ? t(value, { ns: ERRORS_NS, defaultValue: value }) : value,
    ]),
  );
  return t(error.code, { ns: ERRORS_NS, defaultValue: error.message, ...values });
}

/** What a failure shows: an error answer (translated by its code) or a text of the screen's namespace. */
export type Problem = string | CodedError;

/** A failed request as a `Problem`: an error answer (an `ApiError`) itself; anything else (no answer) `fallback`. */
export const problemOf = (error: unknown, fallback: string): Problem =>
  error instanceof ApiError ? error : fallback;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A message in the interface's language (issue 18). An error answer (an `ApiError`, anything with a `code`) is
 * translated by its code (`translateError`), never by its English text. A text (a label, a field error, a reason
 * the API sends as data) is looked up as a key of the namespace; one that is none of its keys is tried against
 * `templates` (`{{name}}` placeholders, made by calling the domain's message function with the placeholders: a
 * field error's limit, a weekday) and translated with the values it carried. In English a text stays as written.
 */
export function translateMessage(t: Translate, message: Problem, templates: readonly string[] = []): string {
  if (typeof message !== 'string') return message.code ? translateError(t, message) : message.message;
  const direct = t(message);
  if (direct !== message) return direct;
  for (const template of templates) {
    const names: string[] = [];
    const pattern = escapeRegExp(template).replace(/\\\{\\\{(\w+)\\\}\\\}/g, (_, name: string) => {
      names.push(name);
      return '(.+?)';
    });
    const match = new RegExp(`^${pattern}$`).exec(message);
    if (match) return t(template, Object.fromEntries(names.map((n, i) => [n, t(match[i + 1]!)])));
  }
  return message;
}

/**
 * A failed request's answer in the interface's language, by its code; null when there was no answer (the
 * network), for the screen's own words: `translateAnswer(t, error) ?? t(fallback)`. With `field`, the form's one
 * field error comes first (a text, looked up as a key of the namespace).
 */
export function translateAnswer(t: Translate, error: unknown, field?: string): string | null {
  if (!(error instanceof ApiError)) return null;
  const problem = field === undefined ? undefined : error.fieldProblems[field]?.[0];
  return problem === undefined ? translateError(t, error) : translateFieldProblem(t, problem);
}

/**
 * A field error in the interface's language (issue 31 item 3): by its code when it has one of the API's (the
 * 'errors' namespace), else its text as a key of the screen's namespace (the thrower's own words, `invalid_value`).
 */
export function translateFieldProblem(t: Translate, problem: CodedFieldError): string {
  if (problem.code && problem.code !== 'invalid_value') return translateError(t, problem);
  return t(problem.message);
}

/**
 * The errors of `field` in a failed request's answer, in the interface's language and joined, or undefined when
 * the field has none (or there was no answer). A `prefix` ending in '.' takes the errors of every field under it
 * (`sun.0.` for a row's `sun.0.start` and `sun.0.end`).
 */
export function translateFieldError(t: Translate, error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const problems = Object.entries(error.fieldProblems)
    .filter(([key]) => (field.endsWith('.') ? key.startsWith(field) || `${key}.` === field : key === field))
    .flatMap(([, list]) => list);
  if (problems.length === 0) return undefined;
  return [...new Set(problems.map((p) => translateFieldProblem(t, p)))].join(' ');
}

/** A message function's template: `template(m.tooSoon, 'hours')` → 'Please pick a time at least {{hours}} …'. */
export function template<A extends unknown[]>(message: (...args: A) => string, ...names: string[]): string {
  return message(...(names.map((n) => `{{${n}}}`) as unknown as A));
}
