/**
 * The link preview of a public room (Open Graph / Twitter card): the tags a crawler reads from the
 * HTML head of /salas/:id, and the 1200x630 PNG they point to. The image is an SVG drawn here and
 * rendered by resvg (Rust, shipped as a prebuilt binary inside its npm package) with the Inter font
 * from an npm package: no browser, no network, the same bytes on every copy.
 */
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import { roomTypeLabel } from '@sorteio/shared/format';
import { formatBRL } from '@sorteio/shared/money-format';
import { splitPool } from '@sorteio/shared/room-fee';
import { countOf } from '@sorteio/shared/wording';
import type { Room } from '@sorteio/shared/rooms';

const resolveFrom = createRequire(import.meta.url);
const FONT_FILES = [
  resolveFrom.resolve('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf'),
  resolveFrom.resolve('@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf'),
];

export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;

/** Escapes text for an XML/HTML text node or a double-quoted attribute. */
export function escapeMarkup(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** The prize a full room pays, after the platform fee (the same split the draw posts). */
export function roomPrize(room: Room) {
  return splitPool(room.valorEntrada * room.maxParticipantes, room.taxaPersonalizadaBp);
}

export function roomTitle(room: Room): string {
  return `Sala ${roomTypeLabel(room.tipoSala)}`;
}

export function roomSummary(room: Room): string {
  const prize = roomPrize(room);
  const free = Math.max(0, room.maxParticipantes - room.participantesAtual);
  const seats =
    room.status === 'aberta'
      ? `${free} ${free === 1 ? 'vaga restante' : 'vagas restantes'}`
      : 'inscrições encerradas';
  return `Prêmio de ${formatBRL(prize.netCentavos)} · entrada ${formatBRL(room.valorEntrada)} · ${seats}. Sorteio verificável por qualquer pessoa.`;
}

/** The meta tags of a room's page, absolute URLs from the configured base URL. */
export function roomMetaTags(room: Room, baseUrl: string): string {
  const base = baseUrl.replace(/\/$/, '');
  const url = `${base}/salas/${room.id}`;
  // The version in the image URL changes with the seats, so a crawler's cache follows them.
  const image = `${base}/api/public/rooms/${room.id}/preview.png?v=${room.participantesAtual}-${room.status}`;
  const title = `${roomTitle(room)} · Sorteio Certo`;
  const description = roomSummary(room);
  const tags: [string, string, string][] = [
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', 'Sorteio Certo'],
    ['property', 'og:locale', 'pt_BR'],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', url],
    ['property', 'og:image', image],
    ['property', 'og:image:type', 'image/png'],
    ['property', 'og:image:width', String(PREVIEW_WIDTH)],
    ['property', 'og:image:height', String(PREVIEW_HEIGHT)],
    ['property', 'og:image:alt', `${roomTitle(room)}: ${description}`],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ['name', 'twitter:image', image],
    ['name', 'description', description],
  ];
  return [
    `<title>${escapeMarkup(title)}</title>`,
    `<link rel="canonical" href="${escapeMarkup(url)}">`,
    ...tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeMarkup(value)}">`),
  ].join('\n    ');
}

function previewSvg(room: Room): string {
  const prize = roomPrize(room);
  const filled =
    room.maxParticipantes > 0 ? Math.min(1, room.participantesAtual / room.maxParticipantes) : 0;
  const barWidth = 1080;
  const free = Math.max(0, room.maxParticipantes - room.participantesAtual);
  const seats =
    room.status === 'aberta'
      ? `${room.participantesAtual} de ${countOf(room.maxParticipantes, 'vaga ocupada', 'vagas ocupadas')} · ${countOf(free, 'restante', 'restantes')}`
      : 'Inscrições encerradas';
  const text = (x: number, y: number, size: number, weight: number, fill: string, body: string) =>
    `<text x="${x}" y="${y}" font-family="Inter" font-size="${size}" font-weight="${weight}" fill="${fill}">${escapeMarkup(body)}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" viewBox="0 0 ${PREVIEW_WIDTH} ${PREVIEW_HEIGHT}">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1e1b4b"/><stop offset="1" stop-color="#4c1d95"/></linearGradient></defs>
  <rect width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" fill="url(#bg)"/>
  ${text(60, 100, 34, 700, '#c4b5fd', 'Sorteio Certo')}
  ${text(60, 190, 72, 700, '#ffffff', roomTitle(room))}
  ${text(60, 275, 30, 400, '#e0e7ff', 'Prêmio')}
  ${text(60, 350, 76, 700, '#4ade80', formatBRL(prize.netCentavos))}
  ${text(60, 420, 32, 400, '#e0e7ff', `Entrada ${formatBRL(room.valorEntrada)}`)}
  <rect x="60" y="470" width="${barWidth}" height="28" rx="14" fill="#312e81"/>
  <rect x="60" y="470" width="${Math.round(barWidth * filled)}" height="28" rx="14" fill="#a78bfa"/>
  ${text(60, 550, 30, 400, '#ffffff', seats)}
  ${text(60, 600, 24, 400, '#c4b5fd', 'Sorteio verificável: compromisso publicado antes das entradas')}
</svg>`;
}

/** The room's preview as PNG bytes (about 30 ms; the routes keep the last ones in memory). */
export function renderRoomPreview(room: Room): Buffer {
  const resvg = new Resvg(previewSvg(room), {
    font: { fontFiles: FONT_FILES, loadSystemFonts: false, defaultFontFamily: 'Inter' },
  });
  return resvg.render().asPng();
}
