// The browser tests need Debian's Chromium. Install it when we can (root); otherwise stop with a clear message:
// the browser tests are never skipped silently.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (fs.existsSync(chromium)) process.exit(0);

if (process.getuid?.() === 0) {
  console.log('Chromium is missing: installing Debian package "chromium"…');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
  });
  if (fs.existsSync(chromium)) process.exit(0);
}
console.error(
  `The browser tests need Chromium at ${chromium}. Install it with:\n` +
    '  sudo apt-get update && sudo apt-get install -y chromium\n' +
    'or set CHROMIUM_PATH to a Chromium binary.',
);
process.exit(1);
