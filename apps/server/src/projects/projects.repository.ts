import type { Queryable } from '../platform/database';
import { column, isoTimestamp, nullable, numeric, rowMapper, type RowOf } from '../platform/rows';

export interface ProjectRecord {
  id: string;
  ownerId: string;
  storefrontId: string;
  name: string;
  productCode: string;
  productName: string;
  previewKey: string | null;
  previewSize: number | null;
  updatedAt: string;
}

const projectColumns = {
  id: column<string>,
  owner_id: column<string>,
  storefront_id: column<string>,
  name: column<string>,
  product_code: column<string>,
  product_name: column<string>,
  preview_key: column<string | null>,
  preview_size: nullable(numeric),
  updated_at: isoTimestamp,
};
type ProjectRow = RowOf<typeof projectColumns>;
const toRecord: (row: ProjectRow) => ProjectRecord = rowMapper(projectColumns);

export type ProjectWrite = Pick<
  ProjectRecord,
  'id' | 'ownerId' | 'storefrontId' | 'name' | 'productCode' | 'productName'
> & {
  /** When it last changed; now unless given (demo data tells a history). */
  changedAt?: string;
};

export function createProjectsRepository(db: Queryable) {
  return {
    /** One page of the owner's projects, the latest change first, and how many there are in all. */
    async listPage(ownerId: string, skip: number, limit: number) {
      const [page, total] = await Promise.all([
        db.query<ProjectRow>(
          `SELECT * FROM projects WHERE owner_id = $1 ORDER BY updated_at DESC, id DESC OFFSET $2 LIMIT $3`,
          [ownerId, skip, limit],
        ),
        db.query<{ count: string | number }>('SELECT count(*) AS count FROM projects WHERE owner_id = $1', [
          ownerId,
        ]),
      ]);
      return { projects: page.rows.map(toRecord), total: Number(total.rows[0]?.count ?? 0) };
    },

    async findOwned(ownerId: string, id: string): Promise<ProjectRecord | undefined> {
      const { rows } = await db.query<ProjectRow>('SELECT * FROM projects WHERE owner_id = $1 AND id = $2', [
        ownerId,
        id,
      ]);
      return rows[0] && toRecord(rows[0]);
    },

    /** Creates the project, or changes it when it is the same owner's; another owner's id changes nothing. */
    async upsert(project: ProjectWrite): Promise<ProjectRecord | undefined> {
      const { rows } = await db.query<ProjectRow>(
        `INSERT INTO projects (id, owner_id, storefront_id, name, product_code, product_name, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, COALESCE($7::timestamptz, clock_timestamp()), COALESCE($7::timestamptz, clock_timestamp()))
         ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, product_code = EXCLUDED.product_code,
           product_name = EXCLUDED.product_name, updated_at = EXCLUDED.updated_at
         WHERE projects.owner_id = EXCLUDED.owner_id
         RETURNING *`,
        [
          project.id,
          project.ownerId,
          project.storefrontId,
          project.name,
          project.productCode,
          project.productName,
          project.changedAt ?? null,
        ],
      );
      return rows[0] && toRecord(rows[0]);
    },

    /** Points the project at its new preview; answers the key it replaced. */
    async setPreview(
      ownerId: string,
      id: string,
      key: string,
      size: number,
      changedAt?: string,
    ): Promise<string | null | undefined> {
      const { rows } = await db.query<{ old_key: string | null }>(
        `UPDATE projects p SET preview_key = $3, preview_size = $4,
           updated_at = COALESCE($5::timestamptz, clock_timestamp())
         FROM (SELECT preview_key AS old_key FROM projects WHERE owner_id = $1 AND id = $2 FOR UPDATE) old
         WHERE p.owner_id = $1 AND p.id = $2 RETURNING old.old_key`,
        [ownerId, id, key, size, changedAt ?? null],
      );
      return rows[0] ? rows[0].old_key : undefined;
    },

    /** Deletes the owner's project; answers it as it was, or undefined when there was none. */
    async delete(ownerId: string, id: string): Promise<ProjectRecord | undefined> {
      const { rows } = await db.query<ProjectRow>(
        'DELETE FROM projects WHERE owner_id = $1 AND id = $2 RETURNING *',
        [ownerId, id],
      );
      return rows[0] && toRecord(rows[0]);
    },

    async countOwned(ownerId: string): Promise<number> {
      const { rows } = await db.query<{ count: string | number }>(
        'SELECT count(*) AS count FROM projects WHERE owner_id = $1',
        [ownerId],
      );
      return Number(rows[0]?.count ?? 0);
    },
  };
}

export type ProjectsRepository = ReturnType<typeof createProjectsRepository>;
