import { mkdir, writeFile } from 'node:fs/promises';
import { buildOpenApiDocuments, openApiFiles, serializeDocument } from '../apps/server/src/platform/openapi';

/** `npm run openapi`: writes the committed OpenAPI documents (docs/openapi/) from the contracts. */
const documents = await buildOpenApiDocuments();
for (const [which, file] of Object.entries(openApiFiles)) {
  await mkdir(new URL('.', file), { recursive: true });
  await writeFile(file, serializeDocument(documents[which as keyof typeof openApiFiles]));
  console.log(`wrote ${file.pathname}`);
}
