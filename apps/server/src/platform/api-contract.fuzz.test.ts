import fc from 'fast-check';
import type { z } from 'zod/mini';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceBasePath, type Endpoint } from '@photo/contracts/endpoint';
import { contractCalls } from './contract-endpoints';
import { createCustomersRepository } from '../customers/customers.repository';
import { seedDemoAccounts } from '../demo/demo-accounts';
import { signIn, type SignedIn } from '../testing/sign-in';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * Every call of every contract, fed adversarial path parameters, query values and bodies by a signed-in
 * customer, must answer as the caller's fault or a success, never a server fault (5xx). The endpoint
 * tables are found in `packages/contracts/src` (contract-endpoints.ts), so calls added later join in
 * without a change here.
 */
const endpoints = (await contractCalls()).flatMap((call) =>
  call.kind === 'customer' ? [[call.id, call.endpoint] as [string, Endpoint]] : [],
);

const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const uuid = '0192f0c4-58d2-7c3e-9a4b-1f2e3d4c5b6a';

/**
 * Values that pass a first look at some field: a month number, a year, a sort key, a cursor of the
 * right outer shape with the wrong thing inside. Each field keeps the ones its own schema accepts; bugs
 * live in how such values combine (month 0 of a real year, a cursor of the other sort key).
 */
const firstLookCandidates = [
  '',
  '0',
  '1',
  '12',
  '24',
  '500',
  '2026',
  '9999',
  'created',
  'dateTaken',
  'asc',
  'desc',
  uuid,
  cursorOf(['x', uuid]),
  cursorOf([17, uuid]),
  cursorOf(['2024-13-45T99:99:99', uuid]),
  cursorOf(['2024-01-01T00:00:00.000000Z', uuid]),
  cursorOf(['2024-01-01T00:00:00', uuid]),
  cursorOf([null, 'not-a-uuid']),
];

/** Values a careless or hostile client sends: bounds, encodings, types, and the cursor's own shape, bent. */
const tricky = fc.constantFrom(
  ' ',
  '\u0000',
  'a\u0000b',
  '..',
  '../../etc/passwd',
  '/',
  '\\',
  '-1',
  '-0',
  '1.5',
  '1e3',
  '1e309',
  'NaN',
  'Infinity',
  '0x1f',
  '2147483648',
  '9007199254740993',
  '9'.repeat(400),
  '\u202Egpj.exe',
  '🙂',
  'ǅ\u0301',
  'null',
  'true',
  '[]',
  '{}',
  "' OR 1=1 --",
);
const numbers = fc.oneof(fc.integer(), fc.double(), fc.bigInt(), fc.nat({ max: 10_000 })).map(String);
const sortValues = fc.oneof(
  fc.constantFrom('x', '0000-00-00T00:00:00', '2024-02-30T10:00:00', '9999-12-31T23:59:59.999999Z', 'epoch'),
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 1 }),
);
const cursors = fc.oneof(
  {
    arbitrary: fc.tuple(sortValues, fc.oneof(fc.uuid(), fc.constant(uuid), fc.string())).map(cursorOf),
    weight: 3,
  },
  { arbitrary: fc.jsonValue({ maxDepth: 2 }).map(cursorOf), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 60 }).map(cursorOf), weight: 1 },
  { arbitrary: fc.base64String({ maxLength: 80 }), weight: 1 },
);
const adversarial = fc.oneof(
  tricky,
  numbers,
  cursors,
  fc.constantFrom(...firstLookCandidates),
  fc.string({ unit: 'binary', maxLength: 80 }),
);
/** Path segments written as they are: encoded slashes and dots, broken escapes. */
const rawSegments = ['%2F', 'a%2Fb', '%2e%2e', '%2E%2E%2F', '%00', '%', '%zz', '%C0%AE', '..%2F', '%5C'];

const shapeOf = (schema: unknown): Record<string, z.ZodMiniType> =>
  (schema as { _zod?: { def?: { shape?: Record<string, z.ZodMiniType> } } } | undefined)?._zod?.def?.shape ??
  {};

interface Field {
  name: string;
  part: 'params' | 'query';
  /** First-look values this field accepts (undefined: left out, for query fields). */
  pool: Array<string | undefined>;
}

function fieldsOf(endpoint: Endpoint): Field[] {
  const params = [...endpoint.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);
  const paramShape = shapeOf(endpoint.params);
  const queryShape = shapeOf(endpoint.query);
  const accepted = (schema: z.ZodMiniType | undefined) =>
    firstLookCandidates.filter((value) => !schema || schema.safeParse(value).success);
  return [
    ...params.map((name): Field => {
      const pool = accepted(paramShape[name]);
      return { name, part: 'params', pool: pool.length > 0 ? pool : [uuid] };
    }),
    ...Object.keys(queryShape).map((name): Field => ({
      name,
      part: 'query',
      pool: [undefined, ...accepted(queryShape[name])],
    })),
  ];
}

type Values = Record<string, string | string[] | undefined>;

function urlOf(endpoint: Endpoint, fields: Field[], values: Values, rawSegment?: string): string {
  let path = endpoint.path;
  const search = new URLSearchParams();
  for (const field of fields) {
    const value = values[field.name];
    if (field.part === 'params') {
      path = path.replace(`:${field.name}`, rawSegment ?? encodeURIComponent(String(value)));
    } else {
      for (const item of [value ?? []].flat()) search.append(field.name, item);
    }
  }
  for (const item of [values.unexpected ?? []].flat()) search.append('unexpected', item);
  return `${serviceBasePath(endpoint.service)}${path}?${search.toString()}`;
}

describe('every contract call under adversarial input', () => {
  let t: TestApp;
  let customer: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoAccounts(createCustomersRepository(t.db));
    customer = await signIn(t, { email: 'demo@example.com' });
  });
  afterAll(() => t.close());

  it('finds the contract tables', () => {
    expect(endpoints.map(([name]) => name)).toEqual(
      expect.arrayContaining(['photosApi.timelineMonth', 'photosApi.list', 'customersApi.me']),
    );
  });

  const send = (endpoint: Endpoint, url: string, body: unknown) =>
    t.app.inject({
      method: endpoint.method,
      url,
      headers: customer.headers,
      ...(body === undefined ? {} : { payload: body as object }),
    });

  it.each(endpoints)('%s: combinations of first-look values', async (_name, endpoint) => {
    const fields = fieldsOf(endpoint);
    const combinations = fields.reduce((product, field) => product * field.pool.length, 1);
    const values = fc.record(
      Object.fromEntries(fields.map((field) => [field.name, fc.constantFrom(...field.pool)])),
    );
    const body = fc.constantFrom(undefined, {}, { photoIds: [uuid] });
    await fc.assert(
      fc.asyncProperty(values, endpoint.body ? body : fc.constant(undefined), async (chosen, payload) => {
        const response = await send(endpoint, urlOf(endpoint, fields, chosen), payload);
        expect(response.statusCode, response.body).toBeLessThan(500);
      }),
      { numRuns: Math.min(300, combinations * 2) },
    );
  });

  it.each(endpoints)('%s: one adversarial field at a time', async (_name, endpoint) => {
    const fields = fieldsOf(endpoint);
    const base = fc.record(
      Object.fromEntries(fields.map((field) => [field.name, fc.constantFrom(...field.pool)])),
    );
    const targets = [...fields.map((field) => field.name), 'unexpected', ...(endpoint.body ? ['body'] : [])];
    const mutation = fc.record({
      target: fc.constantFrom(...targets),
      value: fc.oneof({ arbitrary: adversarial, weight: 4 }, fc.array(adversarial, { maxLength: 3 })),
      rawSegment: fc.option(fc.constantFrom(...rawSegments), { freq: 4 }),
      body: fc.oneof(
        fc.jsonValue({ maxDepth: 3 }),
        fc.record({ photoIds: fc.array(adversarial, { maxLength: 5 }) }),
      ),
    });
    await fc.assert(
      fc.asyncProperty(base, mutation, async (chosen, { target, value, rawSegment, body }) => {
        const mutated: Values = { ...chosen };
        const field = fields.find((candidate) => candidate.name === target);
        if (target !== 'body') mutated[target] = field?.part === 'params' ? [value].flat().join('') : value;
        const url = urlOf(
          endpoint,
          fields,
          mutated,
          field?.part === 'params' ? (rawSegment ?? undefined) : undefined,
        );
        const response = await send(
          endpoint,
          url,
          target === 'body' ? body : endpoint.body ? { photoIds: [uuid] } : undefined,
        );
        expect(response.statusCode, response.body).toBeLessThan(500);
      }),
      // Calls that take no input need few runs.
      { numRuns: fields.length > 0 || endpoint.body ? 100 : 10 },
    );
  });
});
