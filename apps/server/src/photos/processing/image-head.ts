import { open } from 'node:fs/promises';
import { readFileTypeBrands } from './heif-container';

/**
 * An image to read: its bytes in memory, or the path of a file that holds them. A file is read only as
 * far as needed, so taking in a 200 MB upload costs no 200 MB of memory.
 */
export type ImageInput = Buffer | string;

/** What describes an image, without its coded pixels. */
export interface ImageHead {
  /**
   * The first bytes (enough to tell the type); for an ISO-BMFF file (HEIF) every top-level box but the
   * media data, in file order, so the container's structure can be read as if it were the whole file.
   */
  bytes: Buffer;
  /** Size of the whole image in bytes. */
  size: number;
  /** A top-level box runs past the end of the file: the upload was cut off. */
  truncated: boolean;
}

const SIGNATURE_BYTES = 32;
const BOX_HEADER_BYTES = 16;
/** Metadata boxes are kilobytes; a larger one is skipped rather than read into memory. */
const MAX_METADATA_BOX_BYTES = 16 * 1024 * 1024;
/** Real files have a handful of top-level boxes; a file of millions of tiny ones is not walked to its end. */
const MAX_TOP_LEVEL_BOXES = 1000;

interface ByteSource {
  size: number;
  read(offset: number, length: number): Promise<Buffer>;
  close(): Promise<void>;
}

async function openSource(input: ImageInput): Promise<ByteSource> {
  if (Buffer.isBuffer(input)) {
    return {
      size: input.length,
      read: async (offset, length) => input.subarray(offset, offset + length),
      close: async () => undefined,
    };
  }
  const file = await open(input, 'r');
  const { size } = await file.stat();
  return {
    size,
    async read(offset, length) {
      const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - offset)));
      const { bytesRead } = await file.read(buffer, 0, buffer.length, offset);
      return buffer.subarray(0, bytesRead);
    },
    close: () => file.close(),
  };
}

/** Reads what describes the image: its signature, and for HEIF the container's metadata boxes. */
export async function readImageHead(input: ImageInput): Promise<ImageHead> {
  const source = await openSource(input);
  try {
    const start = await source.read(0, SIGNATURE_BYTES);
    if (readFileTypeBrands(start).length === 0) {
      return { bytes: start, size: source.size, truncated: false };
    }
    return { ...(await readTopLevelBoxes(source)), size: source.size };
  } finally {
    await source.close();
  }
}

async function readTopLevelBoxes(source: ByteSource): Promise<{ bytes: Buffer; truncated: boolean }> {
  const boxes: Buffer[] = [];
  let offset = 0;
  for (let count = 0; offset + 8 <= source.size && count < MAX_TOP_LEVEL_BOXES; count += 1) {
    const header = await source.read(offset, BOX_HEADER_BYTES);
    let boxSize = header.readUInt32BE(0);
    if (boxSize === 1) {
      if (header.length < 16) return { bytes: Buffer.concat(boxes), truncated: true };
      boxSize = Number(header.readBigUInt64BE(8));
    } else if (boxSize === 0) {
      boxSize = source.size - offset;
    }
    if (boxSize < 8 || offset + boxSize > source.size)
      return { bytes: Buffer.concat(boxes), truncated: true };
    const type = header.toString('latin1', 4, 8);
    if (type !== 'mdat' && boxSize <= MAX_METADATA_BOX_BYTES) boxes.push(await source.read(offset, boxSize));
    offset += boxSize;
  }
  return { bytes: Buffer.concat(boxes), truncated: false };
}
