import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makePng } from '../test/helpers';
import { inspectImage } from './images';

function jpegHeader(width: number, height: number): Buffer {
  const app0 = Buffer.from([
    0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01,
    0x00, 0x00,
  ]);
  const sof = Buffer.alloc(19);
  sof.set([0xff, 0xc0, 0x00, 0x11, 0x08]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}

function webpVp8x(width: number, height: number): Buffer {
  const buf = Buffer.alloc(30);
  buf.write('RIFF', 0, 'ascii');
  buf.writeUInt32LE(22, 4);
  buf.write('WEBP', 8, 'ascii');
  buf.write('VP8X', 12, 'ascii');
  buf.writeUIntLE(width - 1, 24, 3);
  buf.writeUIntLE(height - 1, 27, 3);
  return buf;
}

describe('inspectImage', () => {
  it('reads type and size from the content', () => {
    expect(inspectImage(makePng(640, 480))).toEqual({
      type: 'png',
      mime: 'image/png',
      width: 640,
      height: 480,
    });
    expect(inspectImage(jpegHeader(1200, 900))).toEqual({
      type: 'jpeg',
      mime: 'image/jpeg',
      width: 1200,
      height: 900,
    });
    expect(inspectImage(webpVp8x(800, 600))).toEqual({
      type: 'webp',
      mime: 'image/webp',
      width: 800,
      height: 600,
    });
  });

  it('refuses what is not an image whatever its name', () => {
    expect(inspectImage(Buffer.from('%PDF-1.7'))).toBeNull();
    expect(inspectImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(inspectImage(Buffer.from([0xff, 0xd8, 0xff]))).toBeNull(); // truncated JPEG
  });

  it('never throws on arbitrary bytes, including mangled headers', () => {
    const png = makePng(10, 10);
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), fc.boolean(), (bytes, prefixPng) => {
        const input = prefixPng
          ? Buffer.concat([png.subarray(0, 16), Buffer.from(bytes)])
          : Buffer.from(bytes);
        expect(() => inspectImage(input)).not.toThrow();
      }),
    );
  });
});
