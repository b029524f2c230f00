import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { HttpError } from '../../http/errors.js';

/**
 * Product pictures an admin uploads (POST /uploads, DESIGN section 8). The bytes decide what a
 * file is, never its name or the type the browser claims: a script named `.png` is refused.
 * Each picture is re-encoded by sharp (libvips) at the sizes the pages show, so what the shop
 * serves is always an image it made itself, stripped of metadata (camera, GPS) and of anything
 * smuggled after the image data.
 */

export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;

export const uploadMessages = {
  noFile: 'Please choose an image file to upload (form field "file").',
  tooLarge: 'The image is larger than 2 MB. Please upload a smaller one.',
  notAnImage: 'Please upload a PNG, JPEG or WebP image.',
  tooManyPixels: 'The image has too many pixels. Please upload one of at most 40 megapixels.',
} as const;

/** The signatures of the three accepted formats, checked before any decoder runs. */
const SIGNATURES: { format: 'png' | 'jpeg' | 'webp'; test: (bytes: Buffer) => boolean }[] = [
  {
    format: 'png',
    test: (b) =>
      b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { format: 'jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    format: 'webp',
    test: (b) => b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP',
  },
];

/** A decompression bomb (a tiny file of a huge canvas) is refused before it is decoded. */
const MAX_PIXELS = 40_000_000;

/** The sizes made of each picture: the product page's and the cards'. */
export const IMAGE_SIZES = { large: 1200, small: 400 } as const;

export interface ProcessedImage {
  /** Content hash: the same picture uploaded twice is one file, and a name never changes. */
  id: string;
  files: { name: string; bytes: Buffer; contentType: string }[];
}

/** The name of a picture's copy at one size: `<content hash>-<size>.webp`. */
export const uploadName = (id: string, size: number) => `${id}-${size}.webp`;

/** Whether a name is one uploadName makes (a store is never asked for any other). */
export const isUploadName = (name: string) => /^[0-9a-f]{24}-\d{1,5}\.webp$/.test(name);

export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  const signature = SIGNATURES.find((candidate) => candidate.test(bytes));
  if (!signature) throw new HttpError(415, uploadMessages.notAnImage);
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    throw new HttpError(415, uploadMessages.notAnImage);
  }
  if (metadata.format !== signature.format) throw new HttpError(415, uploadMessages.notAnImage);
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_PIXELS)
    throw new HttpError(400, uploadMessages.tooManyPixels);

  const id = createHash('sha256').update(bytes).digest('hex').slice(0, 24);
  try {
    const files = await Promise.all(
      Object.values(IMAGE_SIZES).map(async (size) => ({
        name: uploadName(id, size),
        contentType: 'image/webp',
        bytes: await sharp(bytes, { limitInputPixels: MAX_PIXELS })
          .rotate() // by the EXIF orientation, which is then dropped with the rest
          .resize(size, size, { fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer(),
      })),
    );
    return { id, files };
  } catch {
    // A header that parses over data that does not (a truncated or crafted file).
    throw new HttpError(415, uploadMessages.notAnImage);
  }
}
