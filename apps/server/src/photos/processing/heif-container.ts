/**
 * Just enough of the ISO base media file format (ISO/IEC 14496-12) and HEIF (ISO/IEC 23008-12) to
 * read what the decoders hide: the brands of a file, and the primary image's size as stored, before
 * the container's rotation (`irot`) and mirroring (`imir`), which sharp and libheif apply silently.
 */

interface Box {
  type: string;
  /** First byte after the box header. */
  contentStart: number;
  end: number;
}

/** Major and compatible brands of the `ftyp` box that opens an ISO-BMFF file; empty for other files. */
export function readFileTypeBrands(bytes: Uint8Array): string[] {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return [];
  const view = viewOf(bytes);
  const boxEnd = Math.min(view.getUint32(0), bytes.length);
  const brands = [ascii(bytes, 8, 12)];
  // Bytes 12..16 hold the minor version; compatible brands fill the rest of the box.
  for (let offset = 16; offset + 4 <= boxEnd; offset += 4) brands.push(ascii(bytes, offset, offset + 4));
  return brands;
}

/** Width and height (`ispe`) of the primary item, or null when the container does not say. */
export function readHeifStoredSize(bytes: Uint8Array): { width: number; height: number } | null {
  const view = viewOf(bytes);
  try {
    const metaChildren = readMetaChildren(view);
    const pitm = metaChildren.find((box) => box.type === 'pitm');
    const iprp = metaChildren.find((box) => box.type === 'iprp');
    if (!pitm || !iprp) return null;
    const primaryItemId =
      view.getUint8(pitm.contentStart) === 0
        ? view.getUint16(pitm.contentStart + 4)
        : view.getUint32(pitm.contentStart + 4);

    const iprpChildren = childBoxes(view, iprp.contentStart, iprp.end);
    const ipco = iprpChildren.find((box) => box.type === 'ipco');
    if (!ipco) return null;
    const properties = childBoxes(view, ipco.contentStart, ipco.end);
    for (const ipma of iprpChildren.filter((box) => box.type === 'ipma')) {
      for (const propertyIndex of propertyIndexesOf(view, ipma, primaryItemId)) {
        const property = properties[propertyIndex - 1];
        if (property?.type === 'ispe') {
          return {
            width: view.getUint32(property.contentStart + 4),
            height: view.getUint32(property.contentStart + 8),
          };
        }
      }
    }
    return null;
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}

/**
 * True when the file ends before the data its item locations (`iloc`) point to: an upload cut off.
 * libheif does not fail on it; it paints the missing tiles of a grid image grey. `bytes` may hold the
 * container's metadata boxes only (image-head.ts); `fileSize` is the size of the whole file.
 */
export function isHeifTruncated(bytes: Uint8Array, fileSize: number): boolean {
  const view = viewOf(bytes);
  try {
    const iloc = readMetaChildren(view).find((box) => box.type === 'iloc');
    return iloc ? itemDataEnds(view, iloc).some((end) => end > fileSize) : false;
  } catch (error) {
    if (error instanceof RangeError) return true;
    throw error;
  }
}

/** Children of the top-level `meta` box; throws a RangeError where a box runs past its parent. */
function readMetaChildren(view: DataView): Box[] {
  const meta = childBoxes(view, 0, view.byteLength).find((box) => box.type === 'meta');
  // `meta`, like `pitm`, `ipma`, `iloc` and `ispe`, is a "full box": a version byte and 24 flag bits
  // precede its content.
  return meta ? childBoxes(view, meta.contentStart + 4, meta.end) : [];
}

/** Where the data of each item stored in the file itself ends, per extent. */
function itemDataEnds(view: DataView, iloc: Box): number[] {
  let offset = iloc.contentStart;
  // Fields of `iloc` are 0, 2, 4 or 8 bytes wide, some as declared by the box itself.
  const read = (size: number) => {
    const value =
      size === 8
        ? Number(view.getBigUint64(offset))
        : size === 4
          ? view.getUint32(offset)
          : size === 2
            ? view.getUint16(offset)
            : 0;
    offset += size;
    return value;
  };
  const version = read(4) >>> 24;
  const sizes = read(2);
  const [offsetSize, lengthSize, baseOffsetSize] = [sizes >> 12, (sizes >> 8) & 0xf, (sizes >> 4) & 0xf];
  const indexSize = version > 0 ? sizes & 0xf : 0;
  const idSize = version < 2 ? 2 : 4;
  const itemCount = read(idSize);
  const ends: number[] = [];
  for (let item = 0; item < itemCount; item++) {
    read(idSize);
    // Construction method 0 means "at an offset in this file"; 1 and 2 point into other boxes or items.
    const inFile = version === 0 || (read(2) & 0xf) === 0;
    read(2); // data_reference_index
    const baseOffset = read(baseOffsetSize);
    const extentCount = read(2);
    for (let extent = 0; extent < extentCount; extent++) {
      read(indexSize);
      const extentOffset = read(offsetSize);
      const extentLength = read(lengthSize);
      if (inFile) ends.push(baseOffset + extentOffset + extentLength);
    }
  }
  return ends;
}

/** 1-based indexes into `ipco` of the properties an `ipma` box associates with one item. */
function propertyIndexesOf(view: DataView, ipma: Box, itemId: number): number[] {
  const version = view.getUint8(ipma.contentStart);
  const wideIndexes = (view.getUint32(ipma.contentStart) & 1) === 1;
  const entryCount = view.getUint32(ipma.contentStart + 4);
  let offset = ipma.contentStart + 8;
  for (let entry = 0; entry < entryCount; entry++) {
    const entryItemId = version < 1 ? view.getUint16(offset) : view.getUint32(offset);
    offset += version < 1 ? 2 : 4;
    const associationCount = view.getUint8(offset);
    offset += 1;
    const indexes: number[] = [];
    for (let association = 0; association < associationCount; association++) {
      // The top bit of each association marks the property "essential"; the rest is the index.
      indexes.push(wideIndexes ? view.getUint16(offset) & 0x7fff : view.getUint8(offset) & 0x7f);
      offset += wideIndexes ? 2 : 1;
    }
    if (entryItemId === itemId) return indexes;
  }
  return [];
}

function childBoxes(view: DataView, start: number, end: number): Box[] {
  const boxes: Box[] = [];
  let offset = start;
  while (offset + 8 <= end) {
    let size = view.getUint32(offset);
    let headerSize = 8;
    if (size === 1) {
      size = Number(view.getBigUint64(offset + 8));
      headerSize = 16;
    } else if (size === 0) {
      size = end - offset;
    }
    if (size < headerSize || offset + size > end) throw new RangeError('Box runs past its parent');
    boxes.push({
      type: ascii(new Uint8Array(view.buffer, view.byteOffset), offset + 4, offset + 8),
      contentStart: offset + headerSize,
      end: offset + size,
    });
    offset += size;
  }
  return boxes;
}

const viewOf = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, end));
