import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { movableClock } from './clock';
import { invalid, notFound } from './errors';

export const TEST_CLOCK_PATH = '/dev/clock';

const loopbackAddresses = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const DAY_MS = 24 * 60 * 60 * 1000;
const ClockBodySchema = z.object({ offsetDays: z.number().min(0).max(3650) });

async function onlyFromThisMachine(request: FastifyRequest): Promise<void> {
  if (!loopbackAddresses.has(request.socket.remoteAddress ?? '')) throw notFound();
}

/**
 * End-to-end tests move the time of time-based rules forward ('the order moves to history after 14
 * days') without waiting. Registered only with TEST_CLOCK set, and only answering this machine.
 */
export function registerTestClockRoutes(app: FastifyInstance, clock: ReturnType<typeof movableClock>): void {
  const describe = () => ({ now: clock.now().toISOString(), offsetDays: clock.offsetMs() / DAY_MS });
  app.get(TEST_CLOCK_PATH, { preHandler: onlyFromThisMachine }, async () => describe());
  app.put(TEST_CLOCK_PATH, { preHandler: onlyFromThisMachine }, async (request) => {
    const parsed = ClockBodySchema.safeParse(request.body);
    if (!parsed.success) throw invalid('offsetDays', 'a number of days from 0 to 3650');
    clock.setOffset(parsed.data.offsetDays * DAY_MS);
    return describe();
  });
}
