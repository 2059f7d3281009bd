import type Sharp from 'sharp';
import { lazyModule } from './lazy-module';

const loadSharp = lazyModule<typeof Sharp>('sharp');

/** sharp (libvips), loaded with the first image a person sends, not when the server starts. */
export const sharp = (...args: Parameters<typeof Sharp>) => loadSharp()(...args);
