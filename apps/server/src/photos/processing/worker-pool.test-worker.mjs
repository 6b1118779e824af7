// A worker for the pool's tests: it answers, fails or dies on request.
import { parentPort, threadId } from 'node:worker_threads';

parentPort.on('message', async ({ action, value }) => {
  if (action === 'die') process.exit(3);
  if (action === 'fail') return parentPort.postMessage({ ok: false, message: `cannot ${value}` });
  await new Promise((resolve) => setTimeout(resolve, 20));
  parentPort.postMessage({ ok: true, value: { value, threadId } });
});
