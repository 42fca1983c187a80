/** A `t` of any namespace, as react-i18next's `useTranslation` gives it. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The English text of a key, its placeholders filled: for code that is also called outside a component. */
export const englishText: Translate = (key, options) =>
  key.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options?.[name] ?? ''));

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A message in English from the server or packages/domain, in the interface's language (issue 18): the message
 * itself when it is a key of the namespace; else the first template it fills (`{{name}}` placeholders, made by
 * calling the domain's message function with the placeholders, so the two never drift), translated with the
 * values it carried (each value translated too when it is a key, e.g. a weekday or a status); else the message as
 * written. In English every path gives the message back unchanged.
 */
export function translateMessage(t: Translate, message: string, templates: readonly string[] = []): string {
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

/** A message function's template: `template(m.tooSoon, 'hours')` → 'Please pick a time at least {{hours}} …'. */
export function template<A extends unknown[]>(message: (...args: A) => string, ...names: string[]): string {
  return message(...(names.map((n) => `{{${n}}}`) as unknown as A));
}
