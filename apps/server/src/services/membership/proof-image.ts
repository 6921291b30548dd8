import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { messages, PROOF_MAX_INPUT_PIXELS, PROOF_MAX_PIXELS } from '@arb/shared';
import { AppError } from '../../lib/errors.ts';

export interface StoredImage {
  data: Buffer;
  mimeType: 'image/jpeg' | 'image/png' | 'image/webp';
}

const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
const notImage = () => new AppError('UNSUPPORTED_MEDIA', messages.proofNotImage);

/**
 * A decompression bomb (a small file, a huge canvas) is refused from its header, before anything
 * is decoded (docs/product.md#upload-limits): sharp's metadata() reads only the header. The
 * decode keeps `limitInputPixels` too, in case a format's header and body disagree.
 */
async function assertPixelsWithinLimit(input: Buffer): Promise<void> {
  let size: { width?: number; height?: number };
  try {
    size = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw notImage();
  }
  // Only the first frame of an animated image is decoded (sharp's default), so frames don't count.
  const pixels = (size.width ?? 0) * (size.height ?? 0);
  if (pixels === 0) throw notImage();
  if (pixels > PROOF_MAX_INPUT_PIXELS) throw new AppError('UPLOAD_REJECTED', messages.proofTooManyPixels);
}

/**
 * docs/product.md#reliability-rules: the type is decided by the bytes (never the name or the header), then the image is
 * re-encoded: rotated upright from its EXIF orientation, at most 2,400 px on the long side, and
 * without any metadata (sharp drops EXIF/GPS/ICC unless asked to keep it). GIF is stored as PNG.
 */
export async function reencodeProofImage(input: Buffer): Promise<StoredImage> {
  const type = await fileTypeFromBuffer(input);
  if (!type || !ACCEPTED.has(type.mime)) throw notImage();
  await assertPixelsWithinLimit(input);
  try {
    const pipeline = sharp(input, { limitInputPixels: PROOF_MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: PROOF_MAX_PIXELS, height: PROOF_MAX_PIXELS, fit: 'inside', withoutEnlargement: true });
    if (type.mime === 'image/jpeg') return { data: await pipeline.jpeg({ quality: 85, mozjpeg: true }).toBuffer(), mimeType: 'image/jpeg' };
    if (type.mime === 'image/webp') return { data: await pipeline.webp({ quality: 85 }).toBuffer(), mimeType: 'image/webp' };
    return { data: await pipeline.png({ compressionLevel: 9 }).toBuffer(), mimeType: 'image/png' };
  } catch {
    // Right magic bytes, broken body: still not an image we can show.
    throw notImage();
  }
}
