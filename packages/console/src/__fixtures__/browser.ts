import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENABLE, noteSkip } from '@argseal/test-kit';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { expect } from 'vitest';

/** Debian's Chromium (installed by .ci/run); never a downloaded browser build. */
export const CHROMIUM = process.env.ARGSEAL_CHROMIUM ?? '/usr/bin/chromium';
export const HAVE_CHROMIUM = existsSync(CHROMIUM);
export const IN_CI = process.env.CI === 'true';
export const PKG = fileURLToPath(new URL('../..', import.meta.url));
/** Screenshots of every state (git-ignored). */
export const OUT = join(PKG, 'test-output');
/** Set by `pnpm --filter @argseal/console docs:screenshots` only: refresh docs/*.png. */
const DOCS = process.env.ARGSEAL_DOCS_SCREENSHOTS === '1';

/**
 * Skip locally without Chromium (said once at the end of the run); under CI=true the tests
 * are mandatory.
 */
export function browserSuite(name: string): { title: string; skip: boolean } {
  const skip = !HAVE_CHROMIUM && !IN_CI;
  if (skip)
    noteSkip({
      what: 'browser tests (console)',
      missing: `no Chromium at ${CHROMIUM}`,
      enable: ENABLE.chromium,
    });
  return { title: skip ? `${name} (SKIPPED: no chromium)` : name, skip };
}

export async function launch(profile: string, width = 1360): Promise<BrowserContext> {
  if (!HAVE_CHROMIUM)
    throw new Error(`CI=true: the browser test is mandatory but ${CHROMIUM} is missing`);
  mkdirSync(OUT, { recursive: true });
  return chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    viewport: { width, height: 1000 },
  });
}

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/**
 * Runs axe-core in the page (evaluated through the DevTools protocol, so the page's CSP
 * stays as strict as in production) and fails on serious or critical violations.
 */
export async function expectAccessible(page: Page, state: string): Promise<void> {
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(AXE);
  const violations = (await page.evaluate(
    `window.axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) })))`,
  )) as AxeViolation[];
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad, `${state}: ${JSON.stringify(bad, null, 1)}`).toEqual([]);
}

/** Full-page screenshot into test-output/; with the docs script also into docs/. */
export async function shoot(page: Page, name: string): Promise<void> {
  const file = join(OUT, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  if (DOCS && name.startsWith('docs-')) {
    mkdirSync(join(PKG, 'docs'), { recursive: true });
    copyFileSync(file, join(PKG, 'docs', `${name.slice(5)}.png`));
  }
}

/** No sideways scrolling: the page is no wider than the viewport. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll, JSON.stringify(widths)).toBeLessThanOrEqual(widths.client);
}
