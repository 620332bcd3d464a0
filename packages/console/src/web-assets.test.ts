import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (name: string) => readFileSync(new URL(`./web/${name}`, import.meta.url), 'utf8');

describe('page files', () => {
  it('HTML has no inline script, no inline handlers and no inline style', () => {
    for (const name of ['index.html', 'login.html']) {
      const html = read(name);
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      expect(scripts.length, name).toBe(1);
      for (const [, attrs, body] of scripts) {
        expect(attrs).toContain('src="/assets/console.js"');
        expect(body?.trim()).toBe('');
      }
      expect(html, name).not.toMatch(/\son[a-z]+\s*=/i);
      expect(html, name).not.toMatch(/\sstyle\s*=/i);
      expect(html, name).not.toMatch(/<style/i);
      expect(html, name).not.toMatch(/javascript:/i);
    }
  });

  it('the scripts write text only: no HTML sinks, no eval', () => {
    const names = readdirSync(new URL('./web/', import.meta.url)).filter((n) => n.endsWith('.js'));
    expect(names).toContain('console.js');
    const js = names.map(read).join('\n');
    for (const sink of [
      'innerHTML',
      'outerHTML',
      'insertAdjacentHTML',
      'document.write',
      'eval(',
      'new Function',
      "setAttribute('on",
      'srcdoc',
      'DOMParser',
    ]) {
      expect(js, sink).not.toContain(sink);
    }
    expect(js).toContain('textContent');
  });
});
