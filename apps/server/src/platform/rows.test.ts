import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  column,
  dateTimestamp,
  isoTimestamp,
  json,
  nullable,
  numeric,
  renamed,
  rowMapper,
  type RowOf,
} from './rows';

const columns = {
  id: column<string>,
  address_line2: column<string | null>,
  byte_size: nullable(numeric),
  is_b2b: renamed('isB2B', column<boolean>),
  photos: json<string[]>,
  created_at: isoTimestamp,
  changed_at: nullable(dateTimestamp),
};

describe('rowMapper', () => {
  const toRecord = rowMapper(columns);

  it('reads each column into its camelCase field, in the order of the columns, and nothing else', () => {
    const row: RowOf<typeof columns> & { extra: string } = {
      extra: 'left out',
      changed_at: null,
      created_at: new Date('2026-01-02T03:04:05.678Z'),
      photos: '["a.jpg"]',
      is_b2b: true,
      byte_size: '12345678901',
      address_line2: null,
      id: 'x',
    };
    const record = toRecord(row);
    expect(Object.keys(record)).toEqual([
      'id',
      'addressLine2',
      'byteSize',
      'isB2B',
      'photos',
      'createdAt',
      'changedAt',
    ]);
    expect(record).toEqual({
      id: 'x',
      addressLine2: null,
      byteSize: 12345678901,
      isB2B: true,
      photos: ['a.jpg'],
      createdAt: '2026-01-02T03:04:05.678Z',
      changedAt: null,
    });
    expectTypeOf(record).toEqualTypeOf<{
      id: string;
      addressLine2: string | null;
      byteSize: number | null;
      isB2B: boolean;
      photos: string[];
      createdAt: string;
      changedAt: Date | null;
    }>();
  });

  it('reads what either driver hands over the same way', () => {
    const asText = toRecord({
      id: 'x',
      address_line2: 'b',
      byte_size: 7,
      is_b2b: false,
      photos: ['a.jpg'],
      created_at: '2026-01-02 03:04:05.678+00',
      changed_at: '2026-01-02T03:04:05.678Z',
    });
    expect(asText).toMatchObject({
      byteSize: 7,
      photos: ['a.jpg'],
      createdAt: '2026-01-02T03:04:05.678Z',
      changedAt: new Date('2026-01-02T03:04:05.678Z'),
    });
  });
});
