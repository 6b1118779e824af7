// Runs npm scripts side by side and fails if any fails: lint and typecheck each use one core, and the
// machines CI runs on have two. Each script's output is kept and printed whole when it ends, not interleaved.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('Usage: run-together.ts <npm script>...');
  process.exit(2);
}

const results = await Promise.all(
  scripts.map(
    (script) =>
      new Promise<{ script: string; code: number }>((resolve) => {
        const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.on('close', (code) => {
          process.stdout.write(`\n> ${script} ${code === 0 ? 'passed' : `failed (exit ${code})`}\n${output}`);
          resolve({ script, code: code ?? 1 });
        });
      }),
  ),
);
const failed = results.filter(({ code }) => code !== 0).map(({ script }) => script);
if (failed.length > 0) {
  console.error(`Failed: ${failed.join(', ')}`);
  process.exit(1);
}
