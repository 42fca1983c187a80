/**
 * A subject's slug (spec §3: "derived from the name in lowercase with dashes if missing"):
 * lowercase, runs of anything but letters and digits become one dash, no leading or trailing dash.
 */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}
