import fs from 'node:fs';

/** The file the clock server reads its offset from (playwright.config.ts sets it for every worker). */
const file = () => {
  const f = process.env.E2E_CLOCK_FILE;
  if (!f) throw new Error('E2E_CLOCK_FILE is not set (see playwright.config.ts)');
  return f;
};

/** Moves the clock server's time ahead of the real time by `ms` (absolute, not cumulative). */
export function setServerClockOffset(ms: number) {
  fs.writeFileSync(file(), String(Math.round(ms)));
}

/** The clock server's current time. */
export function serverNow(): Date {
  let offset = 0;
  try {
    offset = Number(fs.readFileSync(file(), 'utf8').trim()) || 0;
  } catch {
    offset = 0;
  }
  return new Date(Date.now() + offset);
}
