import { describe, expect, it } from 'vitest';
import { runInTurns } from './run-in-turns';

describe('runInTurns', () => {
  it('starts each import only once the one before has run and a task has passed', async () => {
    const events: string[] = [];
    let tasks = 0;
    const counting = setInterval(() => tasks++, 0);
    const load = (name: string) => async () => {
      events.push(`${name} starts after ${tasks > 0 ? 'a task' : 'no task'}`);
      tasks = 0;
      await Promise.resolve();
      events.push(`${name} ran`);
    };
    await runInTurns([load('react'), load('zod'), load('router')]);
    clearInterval(counting);
    expect(events).toEqual([
      'react starts after no task',
      'react ran',
      'zod starts after a task',
      'zod ran',
      'router starts after a task',
      'router ran',
    ]);
  });

  it('fails with the import that failed, and imports nothing after it', async () => {
    const imported: string[] = [];
    const result = runInTurns([
      async () => imported.push('react'),
      () => Promise.reject(new Error('chunk failed to load')),
      async () => imported.push('router'),
    ]);
    await expect(result).rejects.toThrow('chunk failed to load');
    expect(imported).toEqual(['react']);
  });

  it('runs steps that return nothing and those that throw at once alike', async () => {
    const ran: string[] = [];
    const result = runInTurns([
      () => ran.push('strings'),
      () => {
        throw new RangeError('Incorrect locale information provided');
      },
      () => ran.push('dates'),
    ]);
    await expect(result).rejects.toThrow(RangeError);
    expect(ran).toEqual(['strings']);
  });
});
