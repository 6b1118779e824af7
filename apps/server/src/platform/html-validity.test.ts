import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * Server-rendered pages stay valid HTML (issue 23): each page goes through the Nu Html Checker, which
 * npm installs as `vnu-jar` and which runs on the machine's Java (scripts/require-test-tools.ts).
 */
const vnuJar = createRequire(import.meta.url)('vnu-jar') as string;

function errorsOf(html: string): string[] {
  const checked = spawnSync('java', ['-jar', vnuJar, '--errors-only', '--format', 'json', '-'], {
    input: html,
    encoding: 'utf8',
  });
  const { messages } = JSON.parse(checked.stderr) as {
    messages: Array<{ type: string; message: string; extract?: string }>;
  };
  return messages
    .filter((message) => message.type === 'error')
    .map((message) => `${message.message} ${message.extract ?? ''}`);
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TEST_PAYMENTS: 'true' });
});
afterAll(() => t.close());

describe('server-rendered pages', () => {
  it.each([
    ['the public gallery', '/photo-books/gallery'],
    ['an unknown photo book', '/photo-books/no-such-book'],
  ])('%s is valid HTML', async (_name, url) => {
    const response = await t.app.inject({ url, headers: { host: 'uk.localhost:8080' } });
    expect(response.headers['content-type']).toContain('text/html');
    expect(errorsOf(response.body)).toEqual([]);
  });
});
