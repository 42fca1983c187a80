// Runs `npm run typecheck` and `npm run lint` side by side (each is one process on one core: together they take
// the time of the longer, not of both), prints each one's output whole when it ends, and fails if either fails.
import { spawn } from 'node:child_process';

const run = (script) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      process.stdout.write(
        `\n▶ npm run ${script}: ${code === 0 ? 'passed' : `failed (${code})`} in ${seconds} s\n`,
      );
      process.stdout.write(Buffer.concat(output));
      resolve(code === 0);
    });
  });

const results = await Promise.all([run('typecheck'), run('lint')]);
process.exitCode = results.every(Boolean) ? 0 : 1;
