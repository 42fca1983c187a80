import { errorCatalog } from '@tibeb/domain/errors/catalog';
import { statusErrorCode } from '@tibeb/domain/shared/http-messages';

/** The values of a message with placeholders (`{ hours: 24 }`), as the web fills its translation. */
export type ErrorParams = Record<string, string | number>;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// The catalog's texts (first table wins for a text two tables share) and its templates as patterns.
const byText = new Map<string, string>();
const templates: { code: string; pattern: RegExp; params: readonly string[] }[] = [];
for (const entry of errorCatalog) {
  if (entry.params.length === 0) {
    if (!byText.has(entry.template)) byText.set(entry.template, entry.code);
    continue;
  }
  const pattern = escapeRegExp(entry.template).replace(/\\\{\\\{\w+\\\}\\\}/g, '(.+?)');
  templates.push({ code: entry.code, pattern: new RegExp(`^${pattern}$`, 's'), params: entry.params });
}

const value = (text: string): string | number => (/^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text);

/**
 * The code (and values) of an answer's text, when it is one of packages/domain's coded messages: the one place
 * where the API reads its own English, so that no throw site has to name a code and no client ever reads it.
 */
export function codeOfMessage(detail: string): { code: string; params?: ErrorParams } | undefined {
  const code = byText.get(detail);
  if (code) return { code };
  for (const t of templates) {
    const match = t.pattern.exec(detail);
    if (match)
      return { code: t.code, params: Object.fromEntries(t.params.map((p, i) => [p, value(match[i + 1]!)])) };
  }
  return undefined;
}

/** An answer's code and values: the thrower's, else its text's, else its status's (`statusErrorCode`). */
export function resolveErrorCode(
  status: number,
  detail: string,
  given: { code?: string | undefined; params?: ErrorParams | undefined; hasFieldErrors?: boolean } = {},
): { code: string; params?: ErrorParams } {
  const found = codeOfMessage(detail);
  const code = given.code ?? found?.code ?? statusErrorCode(status, given.hasFieldErrors ?? false);
  const params = given.params ?? (found && found.code === code ? found.params : undefined);
  return params && Object.keys(params).length > 0 ? { code, params } : { code };
}
