import { crc32, deflateSync } from 'node:zlib';
import { randomUUID } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ExifTool } from 'exiftool-vendored';
import sharp from 'sharp';

export interface TestImageOptions {
  width?: number;
  height?: number;
  /** EXIF DateTimeOriginal as `YYYY:MM:DD HH:MM:SS`. */
  dateTimeOriginal?: string;
  orientation?: number;
  /** Varies the pixels, so two images never share a content hash by accident. */
  seed?: number;
}

/** A real JPEG made on the spot, with the EXIF the test needs. */
export async function makeJpeg(options: TestImageOptions = {}): Promise<Buffer> {
  const { width = 64, height = 48, seed = 0 } = options;
  const image = sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: (seed * 37) % 256, g: (seed * 91) % 256, b: (seed * 13) % 256 },
    },
  }).jpeg({ quality: 90 });
  const withDate = options.dateTimeOriginal
    ? image.withExif({ IFD2: { DateTimeOriginal: options.dateTimeOriginal } })
    : image;
  return (
    options.orientation ? withDate.withMetadata({ orientation: options.orientation }) : withDate
  ).toBuffer();
}

export async function makePng(
  options: Pick<TestImageOptions, 'width' | 'height' | 'seed'> = {},
): Promise<Buffer> {
  const { width = 40, height = 30, seed = 0 } = options;
  return sharp({
    create: { width, height, channels: 4, background: { r: seed % 256, g: 120, b: 200, alpha: 1 } },
  })
    .png()
    .toBuffer();
}

/**
 * A PNG that claims a huge size in its header (IHDR) with next to no pixel data after it: what someone
 * sends to make a server decode gigabytes. Its header alone must be enough to refuse it.
 */
export function makePngClaimingSize(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(width + 1))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A JPEG with an XMP packet (and no EXIF), as editors and exporters write them. */
export async function jpegWithXmp(xmp: string, seed = 0): Promise<Buffer> {
  return sharp({
    create: { width: 48, height: 32, channels: 3, background: { r: seed % 256, g: 40, b: 90 } },
  })
    .jpeg()
    .withXmp(xmp)
    .toBuffer();
}

/**
 * A JPEG whose capture time is only in its IPTC block (as scanning and newsroom software wrote it),
 * written by ExifTool itself: the fast header reader finds no date in it.
 */
export async function jpegWithIptcDate(options: {
  date: string;
  time: string;
  seed?: number;
}): Promise<Buffer> {
  const file = path.join(tmpdir(), `iptc-${randomUUID()}.jpg`);
  await writeFile(file, await makeJpeg({ seed: options.seed ?? 0 }));
  const exiftool = new ExifTool({ maxProcs: 1 });
  try {
    await exiftool.write(
      file,
      { 'IPTC:DateCreated': options.date, 'IPTC:TimeCreated': options.time } as Record<string, string>,
      { writeArgs: ['-overwrite_original'] },
    );
    return await readFile(file);
  } finally {
    await exiftool.end();
    await rm(file, { force: true });
  }
}
