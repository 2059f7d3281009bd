/**
 * Draws the installable app's icons (apps/web/public/icons) from the brand mark (the green
 * rounded square with the white check of apps/web/src/components/brand.tsx and favicon.svg).
 * The PNGs are committed; run again only when the mark changes: node scripts/pwa-icons.mjs
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/public/icons');
const GREEN = '#047857';
const CHECK = 'M9 16.5l4.5 4.5L23 11.5';

/** The mark as on screen: rounded corners, the check at full size. */
const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${GREEN}"/><path d="${CHECK}" fill="none" stroke="#fff" stroke-width="3.2" stroke-linecap="round" stroke-linejoin="round"/></svg>`;

/**
 * Full bleed, for launchers that cut their own shape: the check inside the central 80 % circle
 * every mask keeps (the maskable icon safe zone), and for iOS, which rounds the corners itself.
 */
const fullBleed = (scale) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${GREEN}"/><g transform="translate(16 16) scale(${scale}) translate(-16 -16)"><path d="${CHECK}" fill="none" stroke="#fff" stroke-width="3.2" stroke-linecap="round" stroke-linejoin="round"/></g></svg>`;

const icons = [
  ['icon-192.png', rounded, 192],
  ['icon-512.png', rounded, 512],
  ['maskable-192.png', fullBleed(0.8), 192],
  ['maskable-512.png', fullBleed(0.8), 512],
  ['apple-touch-icon.png', fullBleed(0.9), 180],
];

for (const [name, svg, size] of icons) {
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng();
  writeFileSync(path.join(out, name), png);
  console.log(`${name} ${size}x${size} ${png.length} bytes`);
}
