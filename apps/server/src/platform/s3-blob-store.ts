import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Config } from '../config';
import {
  assertSafeKey,
  assertSafePrefix,
  attachmentDisposition,
  holdErrorsUntilRead,
  withDownloadedFile,
  type BlobStore,
} from './blob-store';

const isMissing = (error: unknown) =>
  error instanceof NoSuchKey ||
  error instanceof NotFound ||
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/** The same interface over any S3-compatible object store, for replicas that share no disk. */
export function createS3BlobStore(config: S3Config): BlobStore {
  const client = new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
  });
  const Bucket = config.bucket;
  return {
    async put(key, data, contentType) {
      holdErrorsUntilRead(data);
      assertSafeKey(key);
      // Multipart upload streams large files without knowing their length up front.
      await new Upload({ client, params: { Bucket, Key: key, Body: data, ContentType: contentType } }).done();
    },
    async stat(key) {
      assertSafeKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: head.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async read(key, range) {
      assertSafeKey(key);
      const object = await client.send(
        new GetObjectCommand({
          Bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      return object.Body as Readable;
    },
    async readBytes(key) {
      assertSafeKey(key);
      const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
      return Buffer.from(await object.Body!.transformToByteArray());
    },
    async withLocalFile(key, use) {
      return withDownloadedFile(() => this.read(key), use);
    },
    async delete(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    // An upload cut short by a crash leaves no object, only parts; the bucket's lifecycle rule that
    // aborts incomplete multipart uploads removes those (docs/operations.md).
    async deletePrefix(prefix) {
      assertSafePrefix(prefix);
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }),
        );
        const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
        if (keys.length > 0) {
          await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } }));
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    // The browser fetches the file from the object store itself: ranges, length and the attachment
    // name are answered there, and the bytes never pass through an API replica.
    async presignedDownloadUrl(key, options) {
      assertSafeKey(key);
      const command = new GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentDisposition: attachmentDisposition(options.fileName),
        ResponseContentType: options.contentType,
      });
      return getSignedUrl(client, command, { expiresIn: options.expiresInSeconds });
    },
  };
}
