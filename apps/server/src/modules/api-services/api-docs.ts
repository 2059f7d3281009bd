/** The interactive OpenAPI viewer (swagger-ui-dist) at /api/admin/docs/, for staff only. */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

const uiRoot = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const assets: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
};
const page = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">
<title>Documentação da API</title><link rel="stylesheet" href="/api/admin/docs/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/api/admin/docs/swagger-ui-bundle.js"></script>
<script src="/api/admin/docs/swagger-ui-standalone-preset.js"></script>
<script src="/api/admin/docs/init.js"></script></body></html>`;
const init = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true,
  tryItOutEnabled: true, presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset], layout: 'StandaloneLayout' });`;

/** One file of the viewer: its content type and body, or null when there is no such file. */
export async function readDocsFile(
  file: string,
): Promise<{ type: string; body: string | Buffer; cache: boolean } | null> {
  if (file === '' || file === 'index.html')
    return { type: 'text/html; charset=utf-8', body: page, cache: false };
  if (file === 'init.js')
    return { type: 'text/javascript; charset=utf-8', body: init, cache: false };
  const type = assets[file];
  if (!type) return null;
  return { type, body: await readFile(path.join(uiRoot, file)), cache: true };
}
