import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makePng } from '../../test/helpers';
import { MESSI, photosAvailable } from '../../test/identity-photos';
import { MAX_INPUT_PIXELS, sanitizeImage } from './sanitize';

/** A camera-like JPEG: a real photograph with EXIF camera data, GPS position and orientation 6. */
async function cameraJpeg(): Promise<Buffer> {
  return sharp(MESSI)
    .withExif({
      IFD0: { Make: 'Canon', Model: 'Canon EOS 5D', Software: 'Firmware 1.1.1' },
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '23/1 33/1 1/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '46/1 38/1 1/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 95 })
    .toBuffer();
}

// prettier-ignore
describe.skipIf(!photosAvailable())('identity uploads are decoded and re-encoded', () => { // Skipped only without the test photographs (python3-skimage, opencv-doc; .ci/run installs them).
  it('strips EXIF with the GPS position and applies the camera orientation', async () => {
    const input = await cameraJpeg();
    const before = await sharp(input).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);
    // The GPS IFD pointer (tag 0x8825) is in the camera file's EXIF.
    const gpsTag = (exif: Buffer) =>
      exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));
    expect(gpsTag(before.exif!)).toBe(true);
    expect(input.includes('Canon EOS 5D')).toBe(true);
    const out = await sanitizeImage(input, 'da selfie');
    const after = await sharp(out.data).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(out.data.includes('Canon')).toBe(false);
    // Orientation 6 (rotate 90°): the stored pixels are upright, portrait.
    expect([before.width, before.height]).toEqual([548, 342]);
    expect([out.width, out.height]).toEqual([342, 548]);
  });
});

describe('identity uploads refuse what is not a plain image', () => {
  it('refuses a pixel flood before decoding it', async () => {
    // A tiny PNG header that claims 20000 × 20000 pixels (400 MP).
    const png = makePng(400, 400);
    png.writeUInt32BE(20_000, 16);
    png.writeUInt32BE(20_000, 20);
    await expect(sanitizeImage(png, 'do documento')).rejects.toMatchObject({
      message: `A imagem do documento é grande demais (mais de ${MAX_INPUT_PIXELS / 1_000_000} megapixels). Envie uma foto menor.`,
    });
  });

  it('refuses a PNG with HTML appended after its end (a polyglot)', async () => {
    const png = Buffer.concat([
      makePng(400, 400),
      Buffer.from('<html><script>alert(document.cookie)</script></html>'),
    ]);
    await expect(sanitizeImage(png, 'da selfie')).rejects.toMatchObject({
      status: 415,
      message:
        'O arquivo da selfie contém dados além da imagem e foi recusado. Envie a foto original da câmera.',
    });
  });

  it('refuses a script hidden in a metadata chunk', async () => {
    const jpeg = await sharp(makePng(400, 400))
      .jpeg()
      .withExif({ IFD0: { ImageDescription: '<script>fetch("/api/profile")</script>' } })
      .toBuffer();
    await expect(sanitizeImage(jpeg, 'da selfie')).rejects.toMatchObject({ status: 415 });
  });

  it('refuses a truncated file', async () => {
    const jpeg = await sharp(makePng(600, 600)).jpeg().toBuffer();
    const truncated = jpeg.subarray(0, Math.floor(jpeg.length * 0.6));
    await expect(sanitizeImage(truncated, 'do documento')).rejects.toMatchObject({
      status: 415,
      message: 'O arquivo do documento não é uma imagem válida. Envie uma foto JPG, PNG ou WEBP.',
    });
  });

  it('keeps a plain image, re-encoded as JPEG without metadata', async () => {
    const out = await sanitizeImage(makePng(640, 400), 'do documento');
    expect(out.mime).toBe('image/jpeg');
    expect([out.width, out.height]).toEqual([640, 400]);
    expect(out.data.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });
});
