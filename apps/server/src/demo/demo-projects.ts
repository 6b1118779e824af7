import sharp from 'sharp';
import type { BlobStore } from '../platform/blob-store';
import type { Database } from '../platform/database';
import { uuidv7 } from '../platform/uuid';
import { createProjectsRepository } from '../projects/projects.repository';
import { createProjectsService } from '../projects/projects.service';

const products = [
  { code: 'PB_A4_LANDSCAPE', name: 'Photo book A4 landscape', color: '#2f6f8f' },
  { code: 'CAL_WALL_A3', name: 'Wall calendar A3', color: '#8f5a2f' },
  { code: 'WD_CANVAS_60x40', name: 'Canvas 60 x 40 cm', color: '#4f7f3f' },
  { code: 'PB_SQUARE_20', name: 'Photo book 20 x 20 cm', color: '#6f3f7f' },
] as const;

const projectNames = [
  'Summer in Zeeland',
  'Family calendar 2027',
  'Living room canvas',
  'Grandma’s 80th',
  'Road trip Norway',
  'Baby’s first year',
  'Kitchen calendar',
  'Wedding album',
  'Beach panorama',
  'School year 2025-2026',
  'Christmas 2026',
  'Garden through the seasons',
  'Ski holiday',
];

/** A plain cover in the product's colour (shapes only: no font needed), as an editor would render one. */
function previewSvg(index: number, color: string): Buffer {
  const x = 120 + (index % 5) * 90;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400"><rect width="600" height="400" fill="${color}"/>` +
      `<circle cx="${x}" cy="170" r="90" fill="#ffffff" fill-opacity="0.8"/>` +
      `<rect x="0" y="300" width="600" height="100" fill="#000000" fill-opacity="0.25"/></svg>`,
  );
}

/**
 * Saved projects for the demo accounts (as the shop's editors would have saved them): enough for the
 * demo customer to page through, a few for the business account. Seeded once.
 */
export async function seedDemoProjects(
  db: Database,
  blobs: BlobStore,
  accounts: Array<{ customerId: string; storefrontId: string; count: number }>,
): Promise<number> {
  const repository = createProjectsRepository(db);
  const projects = createProjectsService({ projects: repository, blobs });
  let created = 0;
  for (const account of accounts) {
    if ((await repository.countOwned(account.customerId)) > 0) continue;
    for (let index = account.count - 1; index >= 0; index -= 1) {
      const product = products[index % products.length]!;
      const name = projectNames[index % projectNames.length]!;
      // The first project changed an hour ago, each further one a day and a bit earlier.
      const changedAt = new Date(Date.now() - 3_600_000 - index * 90_000_000).toISOString();
      const id = uuidv7();
      await projects.saveFromShop({
        id,
        ownerId: account.customerId,
        storefrontId: account.storefrontId,
        name,
        productCode: product.code,
        productName: product.name,
        changedAt,
      });
      const image = await sharp(previewSvg(index, product.color)).png().toBuffer();
      await projects.setPreviewFromShop(account.customerId, id, image, changedAt);
      created += 1;
    }
  }
  return created;
}
