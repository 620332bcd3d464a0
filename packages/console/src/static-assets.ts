import { readdirSync, readFileSync } from 'node:fs';

/** The page's files, read once. They live in `web/` next to this module (src/web, dist/web). */
export interface StaticAsset {
  body: string;
  type: string;
}

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
};

/** Every `.html`, `.js` and `.css` file of `web/` (tests beside them excluded), by file name. */
export function loadStaticAssets(): Record<string, StaticAsset> {
  const dir = new URL('./web/', import.meta.url);
  const out: Record<string, StaticAsset> = Object.create(null);
  for (const name of readdirSync(dir)) {
    const type = TYPES[name.slice(name.lastIndexOf('.') + 1)];
    if (!type || name.includes('.test.')) continue;
    out[name] = { body: readFileSync(new URL(name, dir), 'utf8'), type };
  }
  return out;
}
