import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMemoryApprovalStore, createMemoryAuditLog } from '@argseal/core';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserSuite,
  expectAccessible,
  expectNoSidewaysScroll,
  launch,
  shoot,
} from './__fixtures__/browser.js';
import { seeder } from './__fixtures__/seed.js';
import { type RunningConsole, startConsole } from './start-console.js';

const poll = <T>(fn: () => T, options?: { timeout?: number }) =>
  expect.poll(fn, { timeout: 8000, ...options });
const ALICE = 'alice-hardening-token-0123456789abcdef';
const suite = browserSuite('console hardening in a real browser');

describe.skipIf(suite.skip)(suite.title, { timeout: 120_000 }, () => {
  const audit = createMemoryAuditLog();
  const store = createMemoryApprovalStore({ audit });
  const seed = seeder(store, audit);
  let profile: string;
  let running: RunningConsole;
  let context: BrowserContext;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    profile = mkdtempSync(join(tmpdir(), 'argseal-hardening-profile-'));
    running = await startConsole({ port: 0, env: {}, store, audit, tokens: { alice: ALICE } });
    context = await launch(profile);
    page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('dialog', (d) => {
      problems.push(`dialog: ${d.message()}`);
      void d.dismiss();
    });
    await page.goto(`${running.url}/login`);
    await page.fill('#token', ALICE);
    await page.click('#login-button');
    await page.waitForURL(`${running.url}/`);
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    await running?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  const open = async (id: string) => {
    await page.goto(`${running.url}/#/p/${encodeURIComponent(id)}`);
    await page.waitForSelector('#detail-body:not([hidden])');
  };

  it('one keystroke decides nothing: r and a ask first, Esc cancels, Enter confirms', async () => {
    const p = await seed.refund({ orderId: 'K-1', amount: 12000, currency: 'EUR' });
    await open(p.id);
    await page.locator('body').press('r');
    await poll(() => page.isVisible('#confirm')).toBe(true);
    expect(await page.textContent('#confirm-title')).toBe('Reject this call?');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('confirm-yes');
    expect((await store.getProposal(p.id))?.status).toBe('pending');
    await shoot(page, 'keyboard-confirm-reject');
    await expectAccessible(page, 'keyboard confirmation');
    await page.keyboard.press('Escape');
    expect(await page.isVisible('#confirm')).toBe(false);
    // a on a normal (not high-risk) call: asks too
    await page.locator('body').press('a');
    await poll(() => page.isVisible('#confirm')).toBe(true);
    expect(await page.textContent('#confirm-title')).toBe('Approve this call?');
    expect((await store.getProposal(p.id))?.status).toBe('pending');
    await page.keyboard.press('Escape');
    // Enter on the focused Approve button is a keystroke too
    await page.focus('#approve');
    await page.keyboard.press('Enter');
    await poll(() => page.isVisible('#confirm')).toBe(true);
    expect((await store.getProposal(p.id))?.status).toBe('pending');
    expect(await store.peek(p.bindingHash)).toEqual({ live: false, reason: 'no_grant' });
    // the second keystroke, on the confirmation, decides
    await page.keyboard.press('Enter');
    await poll(() => page.textContent('#d-message')).toBe('Approved by alice.');
    expect((await store.getProposal(p.id))?.status).toBe('approved');
    expect(problems).toEqual([]);
  });

  it('the live audit view shows each record once, also when refreshes overlap', async () => {
    const p = await seed.refund({ orderId: 'K-2', amount: 12000, currency: 'EUR' });
    await open(p.id);
    await page.waitForSelector('#audit-body tr');
    // the decision's own refresh, hash changes and the timer all poll at once
    await page.click('#approve');
    await page.evaluate(() => {
      for (let i = 0; i < 5; i++) window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    await poll(() => page.textContent('#d-message')).toBe('Approved by alice.');
    // the page shows the open call's records (the "only this call" filter is on)
    const mine = async () =>
      (await audit.records()).filter(
        (r) => r.proposalId === p.id || r.proposalHash === p.proposalHash,
      );
    const total = (await mine()).length;
    await poll(() => page.$$eval('#audit-body tr', (rows) => rows.length)).toBe(total);
    // a few more polling rounds: nothing doubles later either
    await page.evaluate(() => {
      for (let i = 0; i < 5; i++) window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    await page.waitForTimeout(2500);
    const seqs = await page.$$eval('#audit-body tr td:first-child', (tds) =>
      tds.map((t) => Number(t.textContent)),
    );
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(seqs).toEqual((await mine()).map((r) => r.seq).reverse());
    const granted = await page.$$eval(
      '#audit-body tr[data-type="approval_granted"]',
      (r) => r.length,
    );
    expect(granted).toBe(1);
    // the feed itself, polled concurrently in the page, never returns a record twice
    // (a string: the test's own transform must not touch the page's dynamic import)
    const feed = (await page.evaluate(`(async () => {
      const { createAuditFeed } = await import('/assets/audit.js');
      const poll = createAuditFeed();
      await poll();
      const results = await Promise.all([poll(), poll(), poll()]);
      return results.at(-1).records.map((r) => r.seq);
    })()`)) as number[];
    expect(new Set(feed).size).toBe(feed.length);
    expect(feed.length).toBe((await audit.records()).length);
  });

  it('"head … at record N" counts from 0 like the # column: rows 0 to N', async () => {
    await page.goto(`${running.url}/`);
    await page.waitForSelector('#audit-body tr');
    const total = (await audit.records()).length;
    await poll(() => page.textContent('#audit-head')).toMatch(
      new RegExp(`^head .+ at record ${total - 1} \\(${total} records\\)$`),
    );
    const first = await page.textContent('#audit-body tr:first-child td:first-child');
    expect(Number(first)).toBe(total - 1);
  });

  it('at 390 px a 32-character unbroken value wraps: no sideways scrolling', async () => {
    const key = 'idem9f8e7d6c5b4a39281706f5e4d3c2';
    expect(key).toHaveLength(32);
    const p = await seed.refund({ orderId: key, amount: 12000, currency: 'EUR', reason: key });
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await open(p.id);
      await poll(() => page.textContent('#d-summary')).toContain(key);
      const table = await page.$eval('table.fields', (t) => ({
        scroll: t.scrollWidth,
        width: t.getBoundingClientRect().width,
        parent: (t.parentElement as HTMLElement).clientWidth,
      }));
      expect(table.scroll, JSON.stringify(table)).toBeLessThanOrEqual(Math.ceil(table.width));
      expect(table.width, JSON.stringify(table)).toBeLessThanOrEqual(table.parent);
      await expectNoSidewaysScroll(page);
      await page.click('#d-json-box summary');
      await expectNoSidewaysScroll(page);
      await shoot(page, 'mobile-long-value');
    } finally {
      await page.setViewportSize({ width: 1360, height: 1000 });
    }
  });
});
