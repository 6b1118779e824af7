import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { thumbHashToAverageRGBA } from 'thumbhash';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  exifToolReadings,
  hasFixtures,
  makePhotoLikeJpeg,
  readFixture,
  expectedFacts,
} from './fixture-photos';
import { createHeicDecoderPool, type HeicDecoder } from './heic-decoder-pool';
import { processPhoto, type ProcessedPhoto } from './process-photo';
import { makePngClaimingSize } from '../../testing/test-images';
import { BrokenImageError, ImageTooLargeError, UnsupportedImageTypeError } from './processing-errors';

const heicDecoder = createHeicDecoderPool({ size: 1 });
afterAll(() => heicDecoder.close());

const derivativeOfSize = (photo: ProcessedPhoto, size: number) => {
  const derivative = photo.derivatives.find((candidate) => candidate.size === size);
  if (!derivative) throw new Error(`no ${size} derivative`);
  return derivative;
};

const shapeOf = (photo: { width: number; height: number }) =>
  photo.width > photo.height ? 'landscape' : photo.width < photo.height ? 'portrait' : 'square';

describe('processPhoto', () => {
  it('makes upright WebP derivatives of 1300, 800 and 300 px from a sideways JPEG, with its date', async () => {
    // Stored 2000 x 1500 with the left half red: a camera held upright, so the red half is the top.
    const halves = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#1040d0' } })
      .composite([
        {
          input: { create: { width: 1000, height: 1500, channels: 3, background: '#d02010' } },
          left: 0,
          top: 0,
        },
      ])
      .jpeg()
      .withExif({ IFD2: { DateTimeOriginal: '2024:05:01 18:04:33', OffsetTimeOriginal: '+02:00' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();

    const photo = await processPhoto(halves, { heicDecoder });

    expect(photo).toMatchObject({
      mimeType: 'image/jpeg',
      width: 2000,
      height: 1500,
      visibleWidth: 1500,
      visibleHeight: 2000,
      orientation: 6,
      dateTaken: '2024-05-01T18:04:33',
      dateTakenOffset: '+02:00',
    });
    expect(
      photo.derivatives.map(({ size, width, height, mimeType }) => ({ size, width, height, mimeType })),
    ).toEqual([
      { size: 1300, width: 975, height: 1300, mimeType: 'image/webp' },
      { size: 800, width: 600, height: 800, mimeType: 'image/webp' },
      { size: 300, width: 225, height: 300, mimeType: 'image/webp' },
    ]);
    for (const derivative of photo.derivatives) {
      const decoded = sharp(derivative.data);
      expect(await decoded.metadata()).toMatchObject({
        format: 'webp',
        width: derivative.width,
        height: derivative.height,
      });
      const { data } = await decoded.raw().toBuffer({ resolveWithObject: true });
      const pixel = (x: number, y: number) => [
        ...data.subarray((y * derivative.width + x) * 3, (y * derivative.width + x) * 3 + 3),
      ];
      const [topRed = 0, , topBlue = 0] = pixel(Math.floor(derivative.width / 2), 5);
      const [bottomRed = 0, , bottomBlue = 0] = pixel(
        Math.floor(derivative.width / 2),
        derivative.height - 5,
      );
      expect(topRed).toBeGreaterThan(topBlue);
      expect(bottomBlue).toBeGreaterThan(bottomRed);
    }
  });

  it('never enlarges a photo smaller than a derivative', async () => {
    const photo = await processPhoto(await makePhotoLikeJpeg(640, 427), { heicDecoder });

    expect(photo.derivatives.map(({ size, width, height }) => [size, width, height])).toEqual([
      [1300, 640, 427],
      [800, 640, 427],
      [300, 300, 200],
    ]);
  });

  it('gives a placeholder that has the colour of the photo', async () => {
    const red = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#d02010' } })
      .jpeg()
      .toBuffer();

    const { placeholder } = await processPhoto(red, { heicDecoder });

    const average = thumbHashToAverageRGBA(Buffer.from(placeholder, 'base64'));
    expect(average.r).toBeCloseTo(0xd0 / 255, 1);
    expect(average.g).toBeCloseTo(0x20 / 255, 1);
    expect(average.b).toBeCloseTo(0x10 / 255, 1);
  });

  it('keeps the transparency of a PNG without EXIF', async () => {
    const logo = await sharp({ create: { width: 600, height: 400, channels: 4, background: '#0000' } })
      .composite([
        {
          input: { create: { width: 200, height: 200, channels: 4, background: '#2a6f' } },
          left: 200,
          top: 100,
        },
      ])
      .png()
      .toBuffer();

    const photo = await processPhoto(logo, { heicDecoder });

    expect(photo).toMatchObject({
      mimeType: 'image/png',
      orientation: null,
      dateTaken: null,
      dateTakenOffset: null,
    });
    const thumbnail = derivativeOfSize(photo, 300);
    const { data, info } = await sharp(thumbnail.data).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    expect(data[3]).toBe(0);
    expect(data[((info.height / 2) * info.width + info.width / 2) * 4 + 3]).toBe(255);
    expect(thumbHashToAverageRGBA(Buffer.from(photo.placeholder, 'base64')).a).toBeLessThan(0.5);
  });

  it('refuses a photo over the pixel limit', async () => {
    const photo = await makePhotoLikeJpeg(1200, 1000);

    const failure = processPhoto(photo, { heicDecoder, maxPixels: 1_000_000 });

    await expect(failure).rejects.toBeInstanceOf(ImageTooLargeError);
    await expect(failure).rejects.toMatchObject({
      code: 'image_too_large',
      message: 'The image has 1.2 megapixels; at most 1 are accepted.',
    });
  });

  it('refuses a 50,000 x 50,000 PNG as too large, not as damaged, before decoding it', async () => {
    const failure = processPhoto(makePngClaimingSize(50_000, 50_000), { heicDecoder });

    await expect(failure).rejects.toBeInstanceOf(ImageTooLargeError);
    await expect(failure).rejects.toMatchObject({
      message: 'The image has 2500 megapixels; at most 150 are accepted.',
    });
  });

  it('makes the same derivatives from a file as from its bytes', async () => {
    const bytes = await makePhotoLikeJpeg(900, 600);
    const directory = await mkdtemp(path.join(tmpdir(), 'process-'));
    try {
      await writeFile(path.join(directory, 'photo.jpg'), bytes);
      const fromFile = await processPhoto(path.join(directory, 'photo.jpg'), { heicDecoder });
      const fromBytes = await processPhoto(bytes, { heicDecoder });
      expect(fromFile.placeholder).toBe(fromBytes.placeholder);
      expect(fromFile.derivatives.map((derivative) => derivative.data)).toEqual(
        fromBytes.derivatives.map((derivative) => derivative.data),
      );
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  it.each([
    ['JPEG', (image: Sharp) => image.jpeg()],
    ['PNG', (image: Sharp) => image.png()],
  ])('calls a %s cut off halfway broken instead of making half-grey thumbnails', async (_type, encode) => {
    const whole = await encode(sharp(await makePhotoLikeJpeg(800, 600))).toBuffer();

    const failure = processPhoto(whole.subarray(0, whole.length / 2), { heicDecoder });

    await expect(failure).rejects.toBeInstanceOf(BrokenImageError);
    await expect(failure).rejects.toMatchObject({ code: 'broken_image' });
  });

  it('refuses a text file named like a photo', async () => {
    await expect(processPhoto(Buffer.from('hello, I am photo.jpg'), { heicDecoder })).rejects.toMatchObject({
      code: 'unsupported_image_type',
      message: 'The file is not a JPEG, PNG or HEIC image.',
    });
  });

  describe.skipIf(!hasFixtures)('real photos', () => {
    const outcomes = new Map<string, ProcessedPhoto | Error>();
    const heicRun = { longestStallMs: 0, processingMs: 0 };

    beforeAll(async () => {
      for (const name of Object.keys(exifToolReadings)) {
        const bytes = await readFixture(name);
        const stall = name.endsWith('.HEIC') ? watchEventLoop() : undefined;
        const started = performance.now();
        outcomes.set(
          name,
          await processPhoto(bytes, { heicDecoder }).catch((error: unknown) => error as Error),
        );
        if (stall)
          Object.assign(heicRun, { longestStallMs: stall.stop(), processingMs: performance.now() - started });
      }
    });

    it.each(Object.entries(exifToolReadings))('%s comes out as expected', (name, reading) => {
      const outcome = outcomes.get(name);
      if (name === 'broken/not-an-image.jpg')
        return expect(outcome).toBeInstanceOf(UnsupportedImageTypeError);
      if (name === 'broken/corrupted.jpg') return expect(outcome).toBeInstanceOf(BrokenImageError);
      // Everything else, the small JPEG without EXIF in broken/ included, is a photo a browser shows.
      if (!outcome || outcome instanceof Error) throw outcome ?? new Error('not processed');
      expect(outcome).toMatchObject(expectedFacts(reading, name));
      const visible = { width: outcome.visibleWidth, height: outcome.visibleHeight };
      for (const derivative of outcome.derivatives) {
        expect(Math.max(derivative.width, derivative.height)).toBe(
          Math.min(derivative.size, Math.max(visible.width, visible.height)),
        );
        expect(shapeOf(derivative)).toBe(shapeOf(visible));
      }
    });

    it('makes portrait derivatives of the sideways-stored iPhone HEIC, with its local time and offset', () => {
      const iphone = outcomes.get('heic/iphone_13_pro_max.HEIC') as ProcessedPhoto;
      expect(iphone).toMatchObject({
        mimeType: 'image/heic',
        width: 4032,
        height: 3024,
        visibleWidth: 3024,
        visibleHeight: 4032,
        orientation: 6,
        dateTaken: '2022-02-16T12:55:41',
        dateTakenOffset: '+01:00',
      });
      expect(iphone.derivatives.map(({ size, width, height }) => [size, width, height])).toEqual([
        [1300, 975, 1300],
        [800, 600, 800],
        [300, 225, 300],
      ]);
    });

    it('decodes the small HEIF at its own size', () => {
      const heif = outcomes.get('heic/samplefilehub.heif') as ProcessedPhoto;
      expect(heif.derivatives.map(({ size, width, height }) => [size, width, height])).toEqual([
        [1300, 640, 426],
        [800, 640, 426],
        [300, 300, 200],
      ]);
    });

    it('keeps serving other work while a HEIC decodes', () => {
      // Decoding on the main thread would stall it for the whole decode, most of the processing time.
      // A share, not a fixed bound, so a busy machine slowing both does not fail it.
      expect(heicRun.longestStallMs).toBeLessThan(heicRun.processingMs / 3);
    });

    it('refuses a HEIC over the pixel limit before spending a decode on it', async () => {
      const decoder: HeicDecoder & { calls: number } = {
        calls: 0,
        decode() {
          this.calls++;
          return Promise.reject(new Error('must not decode'));
        },
      };

      const failure = processPhoto(await readFixture('heic/iphone_13_pro_max.HEIC'), {
        heicDecoder: decoder,
        maxPixels: 12_000_000,
      });

      await expect(failure).rejects.toBeInstanceOf(ImageTooLargeError);
      expect(decoder.calls).toBe(0);
    });

    it('calls a HEIC cut off halfway broken, though libheif would paint the missing part grey', async () => {
      const whole = await readFixture('heic/iphone_13_pro_max.HEIC');

      const failure = processPhoto(whole.subarray(0, whole.length / 2), { heicDecoder });

      await expect(failure).rejects.toBeInstanceOf(BrokenImageError);
    });

    it('leaves the original bytes untouched for download', async () => {
      const original = await readFixture('heic/samplefilehub.heif');
      const copy = Buffer.from(original);

      await processPhoto(original, { heicDecoder });

      expect(original.equals(copy)).toBe(true);
    });
  });

  describe.skipIf(!hasFixtures)('orientation', () => {
    it.each(['landscape', 'portrait'])(
      'turns every %s photo upright, mirrored ones included',
      async (shape) => {
        const reference = await processPhoto(await readFixture(`orientation/${shape}_1.jpg`), {
          heicDecoder,
        });
        for (const orientation of [2, 3, 4, 5, 6, 7, 8]) {
          const photo = await processPhoto(await readFixture(`orientation/${shape}_${orientation}.jpg`), {
            heicDecoder,
          });
          for (const derivative of photo.derivatives) {
            expect(shapeOf(derivative), `orientation ${orientation}, ${derivative.size}`).toBe(shape);
            const expected = derivativeOfSize(reference, derivative.size);
            const distance = signatureDistance(
              await signature(derivative.data),
              await signature(expected.data),
            );
            expect(distance, `orientation ${orientation}, ${derivative.size}`).toBeLessThan(SAME_PICTURE);
          }
        }
      },
    );

    it('has a signature that tells a mirrored or turned picture apart', async () => {
      const upright = derivativeOfSize(
        await processPhoto(await readFixture('orientation/landscape_1.jpg'), { heicDecoder }),
        300,
      ).data;
      const original = await signature(upright);
      for (const wrong of [sharp(upright).flop(), sharp(upright).flip(), sharp(upright).rotate(180)]) {
        const distance = signatureDistance(original, await signature(await wrong.toBuffer()));
        expect(distance).toBeGreaterThan(SAME_PICTURE * 4);
      }
    });
  });
});

/** Mean grey-level difference (0..255) below which two downscaled signatures show the same picture. */
const SAME_PICTURE = 5;

/** A 16 x 12 (or 12 x 16) grey thumbnail: coarse enough to ignore encoding, fine enough to see a flip. */
async function signature(image: Buffer): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(image).metadata();
  const [columns, rows] = width >= height ? [16, 12] : [12, 16];
  return sharp(image).resize(columns, rows, { fit: 'fill' }).greyscale().raw().toBuffer();
}

function signatureDistance(a: Buffer, b: Buffer): number {
  let total = 0;
  for (let index = 0; index < a.length; index++) total += Math.abs((a[index] ?? 0) - (b[index] ?? 0));
  return total / a.length;
}

/** The longest gap between ticks of a 10 ms timer from now until `stop()`. */
function watchEventLoop() {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 10);
  return {
    stop() {
      clearInterval(timer);
      return longest;
    },
  };
}
