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
