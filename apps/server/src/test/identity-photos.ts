/**
 * Real photographs for the identity tests, read at test time from Debian packages (never committed):
 * scikit-image's astronaut.png (python3-skimage) and OpenCV's messi5.jpg (opencv-doc), both
 * installed by .ci/run. From them: a selfie, an identity card composed around another crop of the
 * same face with a CPF and a birth date printed on it, two faces side by side, a drawing, a blank.
 */
import { existsSync } from 'node:fs';
import sharp, { type OverlayOptions, type Sharp } from 'sharp';

export const ASTRONAUT = '/usr/lib/python3/dist-packages/skimage/data/astronaut.png';
export const MESSI = '/usr/share/doc/opencv-doc/examples/data/messi5.jpg';

export const photosAvailable = () => existsSync(ASTRONAUT) && existsSync(MESSI);

const jpeg = (s: Sharp) => s.jpeg({ quality: 92 }).toBuffer();

/** A selfie: the astronaut's head and shoulders, filling the frame. */
export function astronautSelfie(): Promise<Buffer> {
  return jpeg(
    sharp(ASTRONAUT).extract({ left: 110, top: 10, width: 300, height: 300 }).resize(600, 600),
  );
}

/** Another person's selfie: Messi's face, cropped and enlarged. */
export function messiSelfie(): Promise<Buffer> {
  return jpeg(
    sharp(MESSI).extract({ left: 195, top: 50, width: 100, height: 110 }).resize(500, 550),
  );
}

/** The astronaut and Messi side by side in one photo. */
export async function twoFacesPhoto(): Promise<Buffer> {
  const a = await sharp(ASTRONAUT)
    .extract({ left: 130, top: 30, width: 200, height: 220 })
    .resize(400, 440)
    .toBuffer();
  const m = await sharp(MESSI)
    .extract({ left: 195, top: 50, width: 100, height: 110 })
    .resize(400, 440)
    .toBuffer();
  return jpeg(
    sharp({ create: { width: 800, height: 440, channels: 3, background: '#808080' } }).composite([
      { input: a, left: 0, top: 0 },
      { input: m, left: 400, top: 0 },
    ]),
  );
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/**
 * An identity card: a face photo on the left (a different crop than the selfie) and printed
 * fields on the right, as on an RG or a CNH.
 */
export async function identityCard(options: {
  face?: 'astronaut' | 'messi' | 'none';
  nome?: string;
  cpf: string;
  nascimento: string;
}): Promise<Buffer> {
  const width = 1000;
  const height = 640;
  const lines = [
    ['REPÚBLICA FEDERATIVA DO BRASIL', 30, 'bold'],
    ['CARTEIRA DE IDENTIDADE', 26, 'bold'],
    [`NOME: ${options.nome ?? 'EILEEN MARIE COLLINS'}`, 26, 'normal'],
    [`CPF: ${options.cpf}`, 34, 'bold'],
    [`NASCIMENTO: ${options.nascimento}`, 34, 'bold'],
    ['NATURALIDADE: SÃO PAULO - SP', 26, 'normal'],
  ] as const;
  const text = lines
    .map(
      ([t, size, weight], i) =>
        `<text x="400" y="${90 + i * 80}" font-family="DejaVu Sans, sans-serif" font-size="${size}" font-weight="${weight}" fill="#111">${escapeXml(t)}</text>`,
    )
    .join('');
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#e8f0e4"/><rect x="8" y="8" width="${width - 16}" height="${height - 16}" fill="none" stroke="#2f6b3a" stroke-width="6"/>${text}</svg>`,
  );
  const composite: OverlayOptions[] = [];
  const face = options.face ?? 'astronaut';
  if (face !== 'none') {
    const photo =
      face === 'astronaut'
        ? await sharp(ASTRONAUT)
            .extract({ left: 150, top: 40, width: 180, height: 230 })
            .resize(320, 410)
            .toBuffer()
        : await sharp(MESSI)
            .extract({ left: 200, top: 60, width: 90, height: 115 })
            .resize(320, 410)
            .toBuffer();
    composite.push({ input: photo, left: 40, top: 110 });
  }
  return jpeg(sharp(svg).flatten({ background: '#ffffff' }).composite(composite));
}

/** A cartoon face drawn with shapes (eyes, nose, smile): no photograph at all. */
export function drawing(): Promise<Buffer> {
  const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600">
<rect width="100%" height="100%" fill="#9fd3ff"/>
<circle cx="300" cy="300" r="200" fill="#ffd39b" stroke="#000" stroke-width="8"/>
<circle cx="230" cy="250" r="30" fill="#fff" stroke="#000" stroke-width="6"/><circle cx="230" cy="255" r="12"/>
<circle cx="370" cy="250" r="30" fill="#fff" stroke="#000" stroke-width="6"/><circle cx="370" cy="255" r="12"/>
<path d="M300 280 L285 340 L315 340 Z" fill="#e0a070" stroke="#000" stroke-width="4"/>
<path d="M210 380 Q300 460 390 380" fill="none" stroke="#000" stroke-width="10"/>
<path d="M120 220 Q300 20 480 220" fill="#5a3a1a"/>
</svg>`);
  return jpeg(sharp(svg));
}

/** A flat grey picture. */
export function blank(): Promise<Buffer> {
  return jpeg(sharp({ create: { width: 640, height: 480, channels: 3, background: '#b0b0b0' } }));
}
