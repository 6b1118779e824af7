import type { LightMyRequestResponse } from 'fastify';
import type { SignedIn } from './sign-in';
import type { TestApp } from './test-app';

export const TUS_HEADERS = { 'tus-resumable': '1.0.0' };

/** tus `Upload-Metadata`: each value base64, pairs separated by commas. */
const tusMetadata = (values: Record<string, string>) =>
  Object.entries(values)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

/** What the web app's upload sends first: the file's name and length, no bytes yet. */
export const createTusUpload = (
  t: TestApp,
  who: SignedIn,
  fileName: string,
  length: number,
  metadata: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/upload/files',
    headers: {
      ...who.headers,
      ...TUS_HEADERS,
      'upload-length': String(length),
      'upload-metadata': tusMetadata({ filename: fileName, ...metadata }),
    },
  });

export const patchTusUpload = (t: TestApp, who: SignedIn, location: string, offset: number, body: Buffer) =>
  t.app.inject({
    method: 'PATCH',
    url: location,
    headers: {
      ...who.headers,
      ...TUS_HEADERS,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    payload: body,
  });

/** A whole file in one go; answers the creation's refusal when there is one, else the last PATCH. */
export async function uploadTusFile(
  t: TestApp,
  who: SignedIn,
  fileName: string,
  bytes: Buffer,
): Promise<LightMyRequestResponse> {
  const created = await createTusUpload(t, who, fileName, bytes.length);
  if (created.statusCode !== 201) return created;
  return patchTusUpload(t, who, created.headers.location as string, 0, bytes);
}
