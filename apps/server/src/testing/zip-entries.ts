import { buffer } from 'node:stream/consumers';
import yauzl from 'yauzl';

export interface ZipEntry {
  name: string;
  data: Buffer;
  /** 0: stored, 8: deflated. */
  compressionMethod: number;
}

/** Every entry of a ZIP file, read by an independent unzip library (yauzl), which checks each CRC. */
export async function zipEntries(zip: Buffer): Promise<ZipEntry[]> {
  const file = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, opened) =>
      error ? reject(error) : resolve(opened),
    ),
  );
  const entries: ZipEntry[] = [];
  await new Promise<void>((resolve, reject) => {
    file.on('error', reject);
    file.on('end', resolve);
    file.on('entry', (entry: yauzl.Entry) => {
      file.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        buffer(stream).then((data) => {
          entries.push({ name: entry.fileName, data, compressionMethod: entry.compressionMethod });
          file.readEntry();
        }, reject);
      });
    });
    file.readEntry();
  });
  return entries;
}
