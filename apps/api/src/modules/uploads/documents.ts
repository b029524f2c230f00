import { createHash } from 'node:crypto';
import { DOCUMENT_NAME } from '@shop/shared';
import sharp from 'sharp';
import { HttpError } from '../../http/errors.js';

/**
 * Papers a company sends (a tax exemption certificate, DESIGN section 9): a PDF as it is, or a
 * scan (PNG or JPEG) re-encoded as JPEG by sharp, like product pictures, so that what is served
 * is an image the shop made, without metadata. The bytes decide the kind, never the name.
 * Names are content hashes, like pictures: unguessable, and a name always holds the same bytes.
 */

export const documentMessages = {
  noFile: 'Please choose the certificate to upload (form field "file").',
  tooLarge: 'The file is larger than 2 MB. Please upload a smaller one.',
  notADocument: 'Please upload a PDF, or a PNG or JPEG scan.',
} as const;

const isPdf = (b: Buffer) => b.toString('latin1', 0, 5) === '%PDF-';
const isPng = (b: Buffer) =>
  b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
const isJpeg = (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;

/** A scan is kept legible but bounded: an A4 page at 200 dpi fits. */
const SCAN_MAX_SIDE = 2400;
const MAX_PIXELS = 40_000_000;

export interface StoredDocument {
  name: string;
  bytes: Buffer;
  contentType: string;
}

const hash = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 24);

/** Checks and prepares an uploaded certificate for the store. */
export async function processDocument(bytes: Buffer): Promise<StoredDocument> {
  if (isPdf(bytes)) return { name: `${hash(bytes)}.pdf`, bytes, contentType: 'application/pdf' };
  if (!isPng(bytes) && !isJpeg(bytes)) throw new HttpError(415, documentMessages.notADocument);
  try {
    const scan = await sharp(bytes, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize(SCAN_MAX_SIDE, SCAN_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 85 })
      .toBuffer();
    return { name: `${hash(scan)}.jpg`, bytes: scan, contentType: 'image/jpeg' };
  } catch {
    throw new HttpError(415, documentMessages.notADocument);
  }
}

/** Whether a name is one processDocument makes. */
export const isDocumentName = (name: string) => DOCUMENT_NAME.test(name);
