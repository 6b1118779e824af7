import { describe, expect, it } from 'vitest';
import en from '../../../../locales/en.json';
import fr from '../../../../locales/fr.json';
import { createTranslator } from '../../i18n/translator';
import { UploadManager } from './upload-manager';
import { monthParam, parseMonthParam, placementNotice } from './upload-placement';

const english = createTranslator('en-GB', en);
const now = new Date(2026, 10, 27);
const taken = (...dates: Array<string | undefined>) =>
  dates.map((dateTaken) => (dateTaken === undefined ? {} : { dateTaken }));

describe('where an upload put its photos (decision 145)', () => {
  it('names the one month, in plural, with a link to it', () => {
    const notice = placementNotice(
      english,
      taken('2008-10-04T10:00:00', '2008-10-05T11:00:00', '2008-10-30T23:59:59'),
      now,
    );
    expect(notice?.message).toBe('3 photos added to October 2008');
    expect(notice?.linkLabel).toBe('Show October 2008');
    expect(monthParam(notice!.target)).toBe('2008-10');
    expect(placementNotice(english, taken('2008-10-04T10:00:00'), now)?.message).toBe(
      '1 photo added to October 2008',
    );
  });

  it('counts the months of a mixed upload and links to the fullest', () => {
    const notice = placementNotice(
      english,
      taken('2008-10-04T10:00:00', '2012-05-01T08:00:00', '2012-05-02T08:00:00', undefined),
      now,
    );
    expect(notice?.message).toBe('4 photos added to 3 months');
    expect(notice?.linkLabel).toBe('Show May 2012');
  });

  it('names the undated group, January 1970 included', () => {
    const notice = placementNotice(english, taken(undefined, '1970-01-01T00:00:00'), now);
    expect(notice?.message).toBe('2 photos added under Unknown Date');
    expect(monthParam(notice!.target)).toBe('0-00');
    expect(parseMonthParam('0-00')).toEqual({ year: 0, month: 0 });
  });

  it('stays quiet when every photo went to this month, or nothing was added', () => {
    expect(placementNotice(english, taken('2026-11-26T09:00:00'), now)).toBeUndefined();
    expect(placementNotice(english, [], now)).toBeUndefined();
  });

  it("speaks the storefront's language", () => {
    const french = createTranslator('fr-FR', fr);
    expect(placementNotice(french, taken('2008-10-04T10:00:00', '2008-10-05T10:00:00'), now)?.message).toBe(
      '2 photos ajoutées à octobre 2008',
    );
  });

  it('is told once per batch, when its last file has an outcome', async () => {
    const manager = new UploadManager();
    const settled: unknown[] = [];
    manager.onBatchSettled((batch) => settled.push(batch));
    manager.add([new File(['a'], 'a.jpg'), new File(['b'], 'b.jpg')]);
    const [a, b] = manager.getSnapshot();
    const internals = manager as unknown as {
      batches: Map<string, string>;
      update: (id: string, change: object) => void;
    };
    internals.batches.set(a!.id, 'batch-1');
    internals.batches.set(b!.id, 'batch-1');
    internals.update(a!.id, { status: 'done', dateTaken: '2008-10-04T10:00:00' });
    expect(settled).toEqual([]);
    internals.update(b!.id, { status: 'failed', failure: 'broken' });
    internals.update(b!.id, { status: 'failed', failure: 'broken' });
    await Promise.resolve();
    await Promise.resolve();
    expect(settled).toEqual([{ added: [{ dateTaken: '2008-10-04T10:00:00' }] }]);
  });
});
