/**
 * Uploaded identity images are decoded with libvips (sharp) and stored re-encoded: only the pixels
 * survive. EXIF (GPS, camera serials), XMP, ICC and comments are dropped, the camera's orientation
 * is applied to the pixels, the pixel count is bounded before decoding (decompression bombs), and
 * files that carry something else besides the image (HTML or a script appended or hidden in a
 * metadata chunk: polyglots) or that end early are refused.
 */
import { sharp } from '../../lib/sharp';
import { AppError } from '../../lib/errors';
import { type ImageInfo, inspectImage } from '../../lib/images';

/** Largest image accepted, in pixels (a 40-megapixel camera photo fits). */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Longest side of the stored copy: enough to read a document, small enough to analyse fast. */
export const STORED_MAX_SIDE = 1600;
/** Smallest side of an image we can read a document from. */
export const MIN_IMAGE_SIDE = 300;

export type ImageRole = 'do documento' | 'da selfie';

export interface SanitizedImage {
  /** Re-encoded JPEG without any metadata. */
  data: Buffer;
  mime: 'image/jpeg';
  type: 'jpeg';
  width: number;
  height: number;
  /** What the upload was, by its content. */
  original: ImageInfo;
}

/** Markup or code that has no business inside a photo (checked over the raw bytes). */
const FOREIGN_CONTENT = /<(?:!doctype|html|script|svg|iframe|body|\?php)|javascript:/i;

/** Bytes after the image's own end: a PNG's IEND chunk, a JPEG's last EOI marker, a RIFF size. */
function trailingBytes(buf: Buffer, info: ImageInfo): number {
  if (info.type === 'png') {
    const iend = buf.lastIndexOf('IEND', undefined, 'latin1');
    return iend < 0 ? 0 : buf.length - (iend + 8);
  }
  if (info.type === 'jpeg') {
    let end = buf.length;
    // Some cameras pad with zeros after EOI; those are harmless.
    while (end > 2 && buf[end - 1] === 0) end -= 1;
    if (buf[end - 2] === 0xff && buf[end - 1] === 0xd9) return 0;
    const eoi = buf.lastIndexOf(Buffer.from([0xff, 0xd9]));
    return eoi < 0 ? 0 : end - (eoi + 2);
  }
  const riffSize = buf.readUInt32LE(4) + 8;
  return Math.max(0, buf.length - riffSize - (riffSize % 2));
}

function invalid(role: ImageRole): AppError {
  return new AppError('UNSUPPORTED_MEDIA', {
    message: `O arquivo ${role} não é uma imagem válida. Envie uma foto JPG, PNG ou WEBP.`,
  });
}

export async function sanitizeImage(
  data: Buffer | undefined,
  role: ImageRole,
): Promise<SanitizedImage> {
  if (!data || data.length === 0)
    throw new AppError('VALIDATION_ERROR', { message: 'Por favor, selecione uma imagem.' });
  const original = inspectImage(data);
  if (!original) throw invalid(role);
  if (original.width * original.height > MAX_INPUT_PIXELS) {
    throw new AppError('VALIDATION_ERROR', {
      message: `A imagem ${role} é grande demais (mais de ${MAX_INPUT_PIXELS / 1_000_000} megapixels). Envie uma foto menor.`,
    });
  }
  if (original.width < MIN_IMAGE_SIDE || original.height < MIN_IMAGE_SIDE) {
    throw new AppError('VALIDATION_ERROR', {
      message: `A imagem ${role} está pequena demais para ser lida. Envie uma foto nítida com pelo menos ${MIN_IMAGE_SIDE}×${MIN_IMAGE_SIDE} pixels.`,
    });
  }
  if (trailingBytes(data, original) > 0 || FOREIGN_CONTENT.test(data.toString('latin1'))) {
    throw new AppError('UNSUPPORTED_MEDIA', {
      message: `O arquivo ${role} contém dados além da imagem e foi recusado. Envie a foto original da câmera.`,
    });
  }
  try {
    const { data: out, info } = await sharp(data, {
      limitInputPixels: MAX_INPUT_PIXELS,
      // A truncated or corrupt file fails instead of decoding to a grey half-picture.
      failOn: 'truncated',
      sequentialRead: true,
    })
      .rotate()
      .resize({
        width: STORED_MAX_SIDE,
        height: STORED_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .jpeg({ quality: 90, mozjpeg: false })
      .toBuffer({ resolveWithObject: true });
    return {
      data: out,
      mime: 'image/jpeg',
      type: 'jpeg',
      width: info.width,
      height: info.height,
      original,
    };
  } catch {
    throw invalid(role);
  }
}
