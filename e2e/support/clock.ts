import { test } from '@playwright/test';
import { E2E_PORT, SERVER_CLOCK_TAG } from '../playwright.config';
import { callServer } from './loopback';

const clockCall = async (method: 'GET' | 'PUT', body?: { offsetDays: number }) => {
  const answer = await callServer({ method, path: '/dev/clock', host: `nl.localhost:${E2E_PORT}`, body });
  if (answer.status !== 200) throw new Error(`/dev/clock answered ${answer.status}: ${answer.body}`);
  return JSON.parse(answer.body) as { now: string; offsetDays: number };
};

/**
 * Moves the time of the server's time-based rules (orders in progress, storage period, link expiry)
 * forward by whole days; 0 goes back to now. The e2e server runs with TEST_CLOCK (decision 083); only
 * stories tagged SERVER_CLOCK_TAG may move it.
 */
export async function moveServerClock(offsetDays: number): Promise<void> {
  // The clock is the whole server's: a story on the other worker would live through the move.
  if (!test.info().tags.includes(SERVER_CLOCK_TAG)) {
    throw new Error(`A story that moves the server's clock runs alone: tag it ${SERVER_CLOCK_TAG}.`);
  }
  await clockCall('PUT', { offsetDays });
}

/** The server's time: what the shop reports as 'now' while a story has moved the clock. */
export async function serverTime(): Promise<string> {
  return (await clockCall('GET')).now;
}
