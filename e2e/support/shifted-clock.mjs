// Test infrastructure, never loaded by the product: `node --import ./support/shifted-clock.mjs server.js` starts a
// server whose clock runs ahead of the real one by the number of milliseconds written in E2E_CLOCK_FILE (0 or no
// file: the real time). A journey that needs days to pass (a lesson held, a dispute window over) writes the file
// instead of waiting. The database's own now() is not shifted: the product reads time from JavaScript where a
// rule depends on it (every service takes `now`).
import fs from 'node:fs';

const file = process.env.E2E_CLOCK_FILE;
const RealDate = Date;
const realNow = RealDate.now;
let offset = 0;
let readAt = -Infinity;

function currentOffset() {
  const t = realNow();
  if (file && t - readAt > 50) {
    readAt = t;
    try {
      offset = Number(fs.readFileSync(file, 'utf8').trim()) || 0;
    } catch {
      offset = 0;
    }
  }
  return offset;
}

class ShiftedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(realNow() + currentOffset());
    else super(...args);
  }
  static now() {
    return realNow() + currentOffset();
  }
}

globalThis.Date = ShiftedDate;
