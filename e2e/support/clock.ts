import { E2E_PORT } from '../playwright.config';
import { callServer } from './loopback';

/**
 * Moves the time of the server's time-based rules (orders in progress, storage period, link expiry)
 * forward by whole days; 0 goes back to now. The e2e server runs with TEST_CLOCK (decision 083).
 */
export async function moveServerClock(offsetDays: number): Promise<void> {
  const answer = await callServer({
    method: 'PUT',
    path: '/dev/clock',
    host: `nl.localhost:${E2E_PORT}`,
    body: { offsetDays },
  });
  if (answer.status !== 200) throw new Error(`/dev/clock answered ${answer.status}: ${answer.body}`);
}
