import sharp from 'sharp';
import { serviceBasePath } from '@photo/contracts/endpoint';
import { projectPreviewPath, type ProjectPage, type SavedProject } from '@photo/contracts/projects';
import { cleanLine } from '@photo/contracts/text';
import type { BlobStore } from '../platform/blob-store';
import type { Caller } from '../platform/caller';
import { invalid, notFound } from '../platform/errors';
import { isUuid, uuidv7 } from '../platform/uuid';
import type { ProjectRecord, ProjectsRepository, ProjectWrite } from './projects.repository';

/** Previews are shown about 300 px wide; twice that is sharp on any screen. */
const PREVIEW_WIDTH = 600;

export function toSavedProject(record: ProjectRecord, shopUrl: string): SavedProject {
  const version = record.previewKey
    ?.split('/')
    .at(-1)
    ?.replace(/\.webp$/, '');
  return {
    id: record.id,
    name: record.name,
    productCode: record.productCode,
    productName: record.productName,
    lastChanged: record.updatedAt,
    previewUrl: version
      ? `${serviceBasePath('projects')}${projectPreviewPath(record.id)}?v=${encodeURIComponent(version)}`
      : null,
    editorUrl: `${shopUrl}/editor?projectId=${encodeURIComponent(record.id)}`,
  };
}

/**
 * Saved projects (docs/product/projects-and-photo-books.md, states.md, calls.md). The customer lists and deletes their own; the shop's editor
 * creates and changes them (with a preview image) through the shop-side API. Another customer's
 * account or project id answers 404 and changes nothing.
 */
export function createProjectsService(deps: { projects: ProjectsRepository; blobs: BlobStore }) {
  const { projects, blobs } = deps;

  const removePreview = async (key: string | null | undefined) => {
    // The row no longer points at it: a failure here leaves an unreachable file, never a broken row.
    if (key) await blobs.delete(key).catch(() => undefined);
  };

  return {
    async list(
      caller: Caller,
      accountId: string,
      page: { skip: number; limit: number },
      shopUrl: string,
    ): Promise<ProjectPage> {
      if (accountId !== caller.customerId) throw notFound('Account not found');
      const { projects: records, total } = await projects.listPage(caller.customerId, page.skip, page.limit);
      return { projects: records.map((record) => toSavedProject(record, shopUrl)), totalProjectCount: total };
    },

    async delete(caller: Caller, id: string): Promise<void> {
      const deleted = isUuid(id) ? await projects.delete(caller.customerId, id) : undefined;
      if (!deleted) throw notFound('Project not found');
      await removePreview(deleted.previewKey);
    },

    async preview(caller: Caller, id: string): Promise<{ key: string; size: number }> {
      const project = isUuid(id) ? await projects.findOwned(caller.customerId, id) : undefined;
      if (!project?.previewKey || project.previewSize === null) throw notFound('No preview');
      return { key: project.previewKey, size: project.previewSize };
    },

    /** The shop's editor saves a project (new, or a change of the owner's own); undefined: not the owner's. */
    async saveFromShop(project: ProjectWrite): Promise<ProjectRecord | undefined> {
      if (!isUuid(project.id)) throw invalid('params.id', 'A project id is a UUID');
      // The name the customer gave the project in the shop's editor: cleaned like all they type (118).
      const name = cleanLine(project.name);
      if (!name) throw invalid('body.name', 'body.name: empty once cleaned');
      return projects.upsert({ ...project, name });
    },

    /** Stores a new preview for the owner's project (any image type sharp reads), replacing the old one. */
    async setPreviewFromShop(
      ownerId: string,
      id: string,
      image: Buffer,
      changedAt?: string,
    ): Promise<ProjectRecord> {
      const project = isUuid(id) ? await projects.findOwned(ownerId, id) : undefined;
      if (!project) throw notFound('Project not found');
      let webp: Buffer;
      try {
        webp = await sharp(image, { limitInputPixels: 40_000_000 })
          .rotate()
          .resize({ width: PREVIEW_WIDTH, withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer();
      } catch {
        throw invalid('body', 'The preview is not an image');
      }
      const key = `projects/${ownerId}/${id}/${uuidv7()}.webp`;
      await blobs.put(key, webp, 'image/webp');
      const replaced = await projects.setPreview(ownerId, id, key, webp.length, changedAt);
      if (replaced === undefined) {
        // Deleted meanwhile: the new file has no row to belong to.
        await removePreview(key);
        throw notFound('Project not found');
      }
      await removePreview(replaced);
      return (await projects.findOwned(ownerId, id))!;
    },

    async deleteFromShop(ownerId: string, id: string): Promise<void> {
      const deleted = isUuid(id) ? await projects.delete(ownerId, id) : undefined;
      if (!deleted) throw notFound('Project not found');
      await removePreview(deleted.previewKey);
    },
  };
}

export type ProjectsService = ReturnType<typeof createProjectsService>;
