import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { rateLimits, type RateLimit } from './rate-limits';

const defaults = loadConfig({}).limits;

const maxText = (max: RateLimit['max']) =>
  typeof max === 'number' ? String(max) : `\`${max.setting}\` (default ${defaults[max.configKey]})`;

function windowText(seconds: number): string {
  const [count, unit] =
    seconds % 86_400 === 0
      ? [seconds / 86_400, 'day']
      : seconds % 3600 === 0
        ? [seconds / 3600, 'hour']
        : [seconds / 60, 'minute'];
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

function answerText(answer: RateLimit['answer']): string {
  if ('code' in answer) return `${answer.status} \`${answer.code}\``;
  if ('page' in answer) return `${answer.status}, a page saying how long to wait`;
  return 'no mail; the same answer';
}

/** The cells of each row of the rate limits table in the operations guide. */
function documentedRows(markdown: string): string[][] {
  const section = markdown.split('\n### Rate limits\n')[1]?.split('\n#')[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
}

describe('rate limits', () => {
  it('are all listed in docs/operations.md, each as the table defines it', async () => {
    const guide = await readFile(new URL('../../../../docs/operations.md', import.meta.url), 'utf8');
    expect(documentedRows(guide)).toEqual(
      Object.entries(rateLimits).map(([name, limit]: [string, RateLimit]) => [
        `\`${name}\``,
        limit.counts,
        maxText(limit.max),
        windowText(limit.windowSeconds),
        answerText(limit.answer),
        `\`${limit.mechanism}\``,
      ]),
    );
  });
});
