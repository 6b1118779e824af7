/**
 * A table's rows read into records, declared once per table: one reader per column, in the order of
 * the record's fields, each field named as its column in camelCase unless `renamed`. The readers
 * absorb what the two drivers hand over differently: node-postgres parses timestamps to Date and
 * keeps bigint and numeric as text; PGlite may hand over json as text. `RowOf` gives a query its row
 * type, and a mapper typed with the record's own interface checks every field.
 */

type ColumnReader = (raw: never) => unknown;
type ColumnReaders = Record<string, ColumnReader>;

type CamelCase<Name extends string> = Name extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : Name;

type FieldOf<Column extends string, Reader> = Reader extends { readonly field: infer Field extends string }
  ? Field
  : CamelCase<Column>;

/** The row the driver answers for these columns. */
export type RowOf<Columns extends ColumnReaders> = {
  [Column in keyof Columns]: Parameters<Columns[Column]>[0];
};

/** The record these columns are read into. */
export type RecordOf<Columns extends ColumnReaders> = {
  [Column in keyof Columns & string as FieldOf<Column, Columns[Column]>]: ReturnType<Columns[Column]>;
};

const camelCase = (column: string) => column.replace(/_([a-z0-9])/g, (_, next: string) => next.toUpperCase());

/** The mapper of rows with exactly these columns (others in the row are left out) to records. */
export function rowMapper<Columns extends ColumnReaders>(
  columns: Columns,
): (row: RowOf<Columns>) => RecordOf<Columns> {
  const fields = Object.entries(columns).map(([column, read]) => ({
    column,
    read: read as (raw: unknown) => unknown,
    field: 'field' in read ? String(read.field) : camelCase(column),
  }));
  return (row) => {
    const values = row as Record<string, unknown>;
    const record: Record<string, unknown> = {};
    for (const { column, read, field } of fields) record[field] = read(values[column]);
    return record as RecordOf<Columns>;
  };
}

/** The columns as the select list of a query: `id, customer_id, …`. */
export const columnList = (columns: ColumnReaders): string => Object.keys(columns).join(', ');

/** A column the record holds as the driver hands it over: text, integer, boolean, uuid, arrays. */
export const column = <Value>(raw: Value): Value => raw;

/** A timestamp as an ISO 8601 string in UTC. */
export const isoTimestamp = (raw: Date | string): string => dateTimestamp(raw).toISOString();

/** A timestamp as a Date, whichever driver read it. */
export const dateTimestamp = (raw: Date | string): Date => (raw instanceof Date ? raw : new Date(raw));

/** A bigint or numeric column, which node-postgres hands over as text. */
export const numeric = (raw: string | number): number => Number(raw);

/** A json or jsonb column, which PGlite may hand over as text. */
export const json = <Value>(raw: Value | string): Value =>
  typeof raw === 'string' ? (JSON.parse(raw) as Value) : raw;

export const nullable =
  <Raw, Value>(read: (raw: Raw) => Value) =>
  (raw: Raw | null): Value | null =>
    raw === null ? null : read(raw);

/** A column whose record field is not its name in camelCase. */
export const renamed = <Field extends string, Raw, Value>(field: Field, read: (raw: Raw) => Value) =>
  Object.assign((raw: Raw) => read(raw), { field } as const);
