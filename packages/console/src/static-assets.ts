import { readFileSync } from 'node:fs';

/** The page's files, read once. They live in `web/` next to this module (src/web, dist/web). */
export interface StaticAsset {
  body: string;
  type: string;
}

const FILES: Record<string, string> = {
  'index.html': 'text/html; charset=utf-8',
  'login.html': 'text/html; charset=utf-8',
  'console.js': 'text/javascript; charset=utf-8',
  'console.css': 'text/css; charset=utf-8',
};

export function loadStaticAssets(): Record<string, StaticAsset> {
  const out: Record<string, StaticAsset> = {};
  for (const [name, type] of Object.entries(FILES)) {
    out[name] = { body: readFileSync(new URL(`./web/${name}`, import.meta.url), 'utf8'), type };
  }
  return out;
}
