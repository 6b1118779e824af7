/**
 * What the password hash costs a sign-in (issue 20, section 4; decision 118), printed, never asserted:
 * the median of several runs of hashing a password and verifying it, at the old cost (scrypt N=2^15)
 * and at the current one (`PASSWORD_COST`, OWASP's minimum N=2^17, r=8, p=1), through the product's
 * own `hashPasswordAtCost` and `verifyPassword`, and the ratio. A sign-in verifies once; registering
 * hashes once; the first sign-in with an old hash does both (verify old, hash new).
 *
 * The two costs alternate run by run, so a change in the machine's load touches both alike. Run from
 * bench/: `npm run bench:password` (about 15 s). PASSWORD_BENCH_RUNS (9) sets the runs per cost.
 */
import os from 'node:os';
import {
  hashPasswordAtCost,
  PASSWORD_COST,
  verifyPassword,
  type ScryptCost,
} from '../apps/server/src/auth/password';
import { median } from './support/stats';

const OLD_COST: ScryptCost = { N: 2 ** 15, r: 8, p: 1 };
const RUNS = Number(process.env.PASSWORD_BENCH_RUNS ?? 9);
const PASSWORD = 'a typical pass phrase 2026';

interface Timing {
  hash: number;
  verify: number;
}

async function once(cost: ScryptCost): Promise<Timing> {
  const started = performance.now();
  const stored = await hashPasswordAtCost(PASSWORD, cost);
  const hashed = performance.now();
  if (!(await verifyPassword(PASSWORD, stored))) throw new Error('the hash does not verify');
  return { hash: hashed - started, verify: performance.now() - hashed };
}

const costs = [
  { label: `old, N=2^${Math.log2(OLD_COST.N)} r=${OLD_COST.r} p=${OLD_COST.p}`, cost: OLD_COST },
  {
    label: `current, N=2^${Math.log2(PASSWORD_COST.N)} r=${PASSWORD_COST.r} p=${PASSWORD_COST.p}`,
    cost: PASSWORD_COST,
  },
];
const timings = costs.map((): Timing[] => []);
// One warm-up each (OpenSSL's first scrypt, the thread pool), then the runs, alternating.
for (const { cost } of costs) await once(cost);
for (let run = 0; run < RUNS; run += 1) {
  for (const [index, { cost }] of costs.entries()) timings[index]!.push(await once(cost));
}

const ms = (value: number) => `${value.toFixed(0)} ms`;
const figures = timings.map((runs) => ({
  hash: median(runs.map((run) => run.hash)),
  verify: median(runs.map((run) => run.verify)),
  both: median(runs.map((run) => run.hash + run.verify)),
}));
console.log(`\nscrypt through the product's password functions, median of ${RUNS} runs per cost`);
console.log('| cost | hash (registering) | verify (a sign-in) | hash + verify |');
console.log('| --- | --- | --- | --- |');
for (const [index, { label }] of costs.entries()) {
  const figure = figures[index]!;
  console.log(`| ${label} | ${ms(figure.hash)} | ${ms(figure.verify)} | ${ms(figure.both)} |`);
}
const [old, current] = figures as [(typeof figures)[0], (typeof figures)[0]];
console.log(
  `| ratio current / old | ${(current.hash / old.hash).toFixed(2)} | ${(current.verify / old.verify).toFixed(2)} | ${(current.both / old.both).toFixed(2)} |`,
);
console.log(`first sign-in with an old hash (verify old + hash new): about ${ms(old.verify + current.hash)}`);
console.log(
  `load average: ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}`,
);
