/**
 * Image measures used by the automated identity checks, computed from the decoded pixels:
 * sharpness (variance of the Laplacian), brightness and contrast, and a 64-bit perceptual hash
 * (difference hash) to recognise the same picture sent twice or by another account.
 */
import { sharp } from '../../lib/sharp';

export interface ImageMeasures {
  /** Variance of the Laplacian on a grey copy whose longer side is 512 px (higher is sharper). */
  sharpness: number;
  /** Mean grey level, 0-255. */
  brightness: number;
  /** Standard deviation of the grey levels (near 0: a blank image). */
  contrast: number;
  /** Difference hash, 16 hex digits. */
  hash: string;
}

const MEASURE_SIDE = 512;

export async function measureImage(data: Buffer): Promise<ImageMeasures> {
  const { data: grey, info } = await sharp(data)
    .resize({ width: MEASURE_SIDE, height: MEASURE_SIDE, fit: 'inside', withoutEnlargement: true })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  let sum = 0;
  let sumSq = 0;
  for (const v of grey) {
    sum += v;
    sumSq += v * v;
  }
  const n = grey.length;
  const brightness = sum / n;
  const contrast = Math.sqrt(Math.max(0, sumSq / n - brightness * brightness));
  // 4-neighbour Laplacian over the inner pixels.
  let lSum = 0;
  let lSumSq = 0;
  let count = 0;
  for (let y = 1; y < height - 1; y += 1) {
    for (let x = 1; x < width - 1; x += 1) {
      const i = y * width + x;
      const lap = grey[i - 1]! + grey[i + 1]! + grey[i - width]! + grey[i + width]! - 4 * grey[i]!;
      lSum += lap;
      lSumSq += lap * lap;
      count += 1;
    }
  }
  const lMean = lSum / count;
  const sharpness = lSumSq / count - lMean * lMean;
  return { sharpness, brightness, contrast, hash: await differenceHash(data) };
}

/** dHash: a 9×8 grey thumbnail, one bit per horizontal neighbour pair (left brighter = 1). */
export async function differenceHash(data: Buffer): Promise<string> {
  const px = await sharp(data).greyscale().resize(9, 8, { fit: 'fill' }).raw().toBuffer();
  let hash = 0n;
  for (let y = 0; y < 8; y += 1) {
    for (let x = 0; x < 8; x += 1) {
      hash = (hash << 1n) | (px[y * 9 + x]! > px[y * 9 + x + 1]! ? 1n : 0n);
    }
  }
  return hash.toString(16).padStart(16, '0');
}

export function hammingDistance(a: string, b: string): number {
  let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let bits = 0;
  while (x > 0n) {
    bits += Number(x & 1n);
    x >>= 1n;
  }
  return bits;
}
