/**
 * A phone number as SMS and WhatsApp need it (E.164: '+' and 8–15 digits), from what a family typed in the
 * booking form. Numbers without a country code are read as Ethiopian mobiles (09… Ethio telecom, 07… Safaricom);
 * anything else without '+' or '00' is not guessed. Answers null when the number cannot be used.
 */
export function toE164(raw: string): string | null {
  const compact = raw.trim().replace(/[\s().-]/g, '');
  const international = compact.startsWith('00') ? `+${compact.slice(2)}` : compact;
  if (/^\+[1-9]\d{7,14}$/.test(international)) return international;
  const ethiopian = /^(?:251|0)?([79]\d{8})$/.exec(compact);
  return ethiopian ? `+251${ethiopian[1]}` : null;
}
