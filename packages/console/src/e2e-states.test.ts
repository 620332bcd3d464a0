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
  OUT,
  shoot,
} from './__fixtures__/browser.js';
import { seeder } from './__fixtures__/seed.js';
import { type RunningConsole, startConsole } from './start-console.js';

// a page refresh takes a few requests: give polls time (no wall-clock assertion)
const poll = <T>(fn: () => T, options?: { timeout?: number }) =>
  expect.poll(fn, { timeout: 8000, ...options });
const ALICE = 'alice-states-token-0123456789abcdef';
const BOB = 'bob-states-token-0123456789abcdef';
const suite = browserSuite('every page state in a real browser');

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
    profile = mkdtempSync(join(tmpdir(), 'argseal-states-profile-'));
    running = await startConsole({
      port: 0,
      env: {},
      store,
      audit,
      tokens: { alice: ALICE, bob: BOB },
    });
    context = await launch(profile);
    page = context.pages()[0] ?? (await context.newPage());
    page.on('dialog', (d) => {
      problems.push(`dialog: ${d.message()}`);
      void d.dismiss();
    });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => {
      // the wrong-token login answers 401 on purpose
      if (/status of 401/.test(m.text())) return;
      if (m.type() === 'error' || /Content Security Policy|Trusted Type/i.test(m.text()))
        problems.push(`console: ${m.text()}`);
    });
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

  it('login: a wrong token says so; alice logs in; the empty list says nothing waits', async () => {
    await page.goto(`${running.url}/`);
    expect(new URL(page.url()).pathname).toBe('/login');
    await expectAccessible(page, 'login');
    await page.fill('#token', 'not-a-token-0123456789');
    await page.click('#login-button');
    await poll(() => page.textContent('#login-error')).toContain('not known');
    await shoot(page, 'login-error');
    await expectAccessible(page, 'login error');
    await page.fill('#token', ALICE);
    await page.click('#login-button');
    await page.waitForURL(`${running.url}/`);
    await poll(() => page.textContent('#whoami')).toBe('alice');
    await poll(() => page.isVisible('#list-empty')).toBe(true);
    expect(await page.textContent('#list-empty')).toBe('No proposals are waiting for a decision.');
    expect(await page.title()).toBe('argseal console');
    await shoot(page, 'empty');
    await expectAccessible(page, 'empty list');
  });

  it('a readable call: sentence, labelled fields, context labels, reason message; JSON one click away', async () => {
    const p = await seed.refund({
      orderId: 'A-1001',
      amount: 12000,
      currency: 'EUR',
      reason: 'arrived damaged',
    });
    await seed.closeAccount('C-77');
    const row = page.locator(`a[data-proposal-id="${p.id}"]`);
    await row.waitFor({ timeout: 10_000 });
    expect(await row.locator('.psummary').textContent()).toBe('Refund 120.00 EUR on order A-1001');
    expect(await row.textContent()).toContain('Customer: Dana Ruiz (C-41)');
    expect(await row.locator('.page').textContent()).toMatch(/ s ago$/);
    await poll(() => page.title()).toBe('(2) argseal console');
    await shoot(page, 'list');
    await expectAccessible(page, 'list');
    await row.click();
    await poll(() => page.textContent('#d-summary')).toBe('Refund 120.00 EUR on order A-1001');
    const fields = await page.$$eval('#d-fields tr', (rows) =>
      rows.map((r) => [
        r.querySelector('th')?.textContent,
        r.querySelector('.fvalue')?.textContent,
      ]),
    );
    expect(fields).toEqual([
      ['Order', 'A-1001'],
      ['Amount', '120.00 EUR'],
      ['Currency', 'EUR'],
      ['Reason given', 'arrived damaged'],
    ]);
    expect(await page.textContent('#d-context')).toBe(
      'CustomerDana Ruiz (C-41)Conversationconv-701Requested bydana',
    );
    expect(await page.textContent('#d-reason-message')).toBe(
      'The amount is above the limit that runs without approval.',
    );
    expect(await page.textContent('#d-reason')).toBe('money_above_approval_threshold');
    expect(await page.isVisible('#d-args')).toBe(false);
    await page.click('#d-json-box summary');
    expect(await page.textContent('#d-args')).toBe(
      '{\n  "amount": 12000,\n  "currency": "EUR",\n  "orderId": "A-1001",\n  "reason": "arrived damaged"\n}',
    );
    expect(await page.textContent('#d-json-box summary')).toContain('exactly what runs');
    await page.click('#d-json-box summary');
    await page.fill('#d-note', 'photos checked');
    await shoot(page, 'docs-console-detail');
    await expectAccessible(page, 'detail');
    await page.click('#d-json-box summary');
    await shoot(page, 'detail-json');
    await expectAccessible(page, 'detail with JSON');
  });

  it('approve: "approved by alice", then "consumed by agent", audit filtered to the call', async () => {
    const p = (await store.listProposals({ status: 'pending' })).find((x) => x.tool === 'refund')!;
    await open(p.id);
    await page.selectOption('#d-expiry', '900000');
    await page.click('#approve');
    await poll(() => page.textContent('#d-message')).toBe('Approved by alice.');
    const grant = await store.peek(p.bindingHash);
    expect(grant.live && Date.parse(grant.grant.expiresAt!) - Date.now()).toBeGreaterThan(
      14 * 60_000,
    );
    expect(grant.live && Date.parse(grant.grant.expiresAt!) - Date.now()).toBeLessThanOrEqual(
      15 * 60_000,
    );
    await poll(() => page.textContent('#d-decided')).toMatch(
      /^Approved by alice at .*; waiting for agent support-bot/,
    );
    const out = await seed.resume(
      { orderId: 'A-1001', amount: 12000, currency: 'EUR', reason: 'arrived damaged' },
      1,
    );
    expect(out.status).toBe('executed');
    await poll(() => page.textContent('#d-decided'), { timeout: 5000 }).toMatch(
      /consumed by agent support-bot, which ran it\. Note: /,
    );
    const events = await page.$$eval('#audit-body tr td:nth-child(3)', (tds) =>
      tds.map((t) => t.textContent),
    );
    expect(events).toContain('approved by alice');
    expect(events).toContain('consumed by agent support-bot');
    expect(events).toContain('policy: require approval');
    expect(events).toContain('executed by agent support-bot');
    expect(events.some((e) => /account/.test(String(e)))).toBe(false);
    expect(await page.textContent('#audit-status')).toMatch(/^chain verified · \d+ records$/);
    await shoot(page, 'consumed');
    await expectAccessible(page, 'consumed');
  });

  it('highlights fields a rewrite changed and fields that differ from the last approved call', async () => {
    const p = await seed.refund(
      { orderId: 'A-1001', amount: 99000, currency: 'eur' },
      { rewrite: true, customer: 1 },
    );
    await open(p.id);
    await poll(() => page.textContent('#d-summary')).toBe('Refund 990.00 EUR on order A-1001');
    expect(await page.isVisible('#d-rewritten')).toBe(true);
    const notes = await page.$$eval('#d-fields tr.changed', (rows) =>
      rows.map((r) => [r.querySelector('th')?.textContent, r.querySelector('.fnote')?.textContent]),
    );
    expect(notes).toContainEqual(['Currency', 'changed by a rewrite; the request said: eur']);
    expect(await page.textContent('#d-fields')).toContain(
      'differs from the last approved call: 120.00 EUR',
    );
    await shoot(page, 'rewritten-and-changed');
    await expectAccessible(page, 'rewrite and change highlights');
    await page.click('#reject');
    await poll(() => page.textContent('#d-decided')).toMatch(
      /^Rejected by alice at .*; nothing ran/,
    );
    await shoot(page, 'rejected');
    await expectAccessible(page, 'rejected');
  });

  it('hidden characters are shown as markers with a warning', async () => {
    const p = await seed.refund({
      orderId: 'acct_0000\u202E1999\u202C',
      amount: 6000,
      currency: 'EUR',
    });
    await open(p.id);
    await poll(() => page.textContent('#d-summary')).toBe(
      'Refund 60.00 EUR on order acct_0000⟦U+202E⟧1999⟦U+202C⟧',
    );
    expect(await page.isVisible('#d-warnings')).toBe(true);
    expect(await page.textContent('#d-warnings')).toContain('RIGHT-TO-LEFT OVERRIDE');
    await page.click('#d-json-box summary');
    expect(await page.textContent('#d-args')).toContain('"orderId": "acct_0000\\u202E1999\\u202C"');
    await shoot(page, 'hidden-characters');
    await expectAccessible(page, 'hidden characters');
  });

  it('a high-risk call asks to confirm; Esc cancels; the key "a" and the button both lead there', async () => {
    const p = await seed.refund({ orderId: 'A-2002', amount: 150000, currency: 'EUR' });
    await open(p.id);
    await poll(() => page.isVisible('#d-risk')).toBe(true);
    await page.click('#approve');
    await poll(() => page.isVisible('#confirm')).toBe(true);
    expect(await page.textContent('#confirm-text')).toContain(
      'Refund 1,500.00 EUR on order A-2002',
    );
    expect((await store.getProposal(p.id))?.status).toBe('pending');
    await shoot(page, 'high-risk-confirm');
    await expectAccessible(page, 'high-risk confirmation');
    await page.keyboard.press('Escape');
    expect(await page.isVisible('#confirm')).toBe(false);
    await page.locator('body').press('a');
    await poll(() => page.isVisible('#confirm')).toBe(true);
    await page.click('#confirm-yes');
    await poll(() => page.textContent('#d-message')).toBe('Approved by alice.');
    expect((await store.getProposal(p.id))?.status).toBe('approved');
  });

  it('search, filters and paging', async () => {
    for (let i = 0; i < 22; i++)
      await seed.refund(
        { orderId: `B-${3000 + i}`, amount: 5100 + i, currency: 'EUR' },
        { customer: 10 + i },
      );
    await page.goto(`${running.url}/`);
    await poll(() => page.textContent('#page-info')).toBe('1–20 of 24');
    await page.click('#page-next');
    await poll(() => page.textContent('#page-info')).toBe('21–24 of 24');
    await shoot(page, 'page-2');
    await page.click('#page-prev');
    await page.selectOption('#f-tool', 'close_account');
    await poll(() => page.textContent('#page-info')).toBe('1–1 of 1');
    await page.selectOption('#f-tool', '');
    await poll(() => page.textContent('#page-info')).toBe('1–20 of 24');
    await page.locator('body').press('/');
    await page.keyboard.type('C-65');
    await poll(() => page.textContent('#page-info')).toBe('1–1 of 1');
    expect(await page.textContent('#pending-list .psummary')).toBe(
      'Refund 51.15 EUR on order B-3015',
    );
    await page.fill('#f-search', '');
    await page.selectOption('#f-status', 'all');
    await page.selectOption('#f-agent', 'cleanup-bot');
    await poll(() => page.textContent('#page-info')).toBe('1–1 of 1');
    await shoot(page, 'filtered');
    await expectAccessible(page, 'filtered list');
    await page.selectOption('#f-agent', '');
    await page.selectOption('#f-status', 'pending');
  });

  it('keyboard: j and k move through the list', async () => {
    await page.goto(`${running.url}/`);
    await page.waitForSelector('#pending-list a');
    await page.locator('body').press('j');
    const first = await page.getAttribute('#pending-list a >> nth=0', 'data-proposal-id');
    await poll(() => page.evaluate(() => location.hash)).toBe(`#/p/${first}`);
    await page.keyboard.press('j');
    const second = await page.getAttribute('#pending-list a >> nth=1', 'data-proposal-id');
    await poll(() => page.evaluate(() => location.hash)).toBe(`#/p/${second}`);
    await page.keyboard.press('k');
    await poll(() => page.evaluate(() => location.hash)).toBe(`#/p/${first}`);
    await page.keyboard.press('?');
    expect(await page.getAttribute('#keys', 'open')).not.toBeNull();
  });

  it('at 390 px the columns stack and nothing scrolls sideways', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const p = (await store.listProposals({ status: 'all' })).find((x) => x.originalArguments);
    await page.goto(`${running.url}/`);
    await page.waitForSelector('#pending-list a');
    await expectNoSidewaysScroll(page);
    await shoot(page, 'mobile-list');
    await expectAccessible(page, 'mobile list');
    await open(p!.id);
    await page.click('#d-json-box summary');
    await expectNoSidewaysScroll(page);
    // one column: with a call open, its detail comes first and the list follows below it
    const list = await page.locator('#list-section').boundingBox();
    const detail = await page.locator('#detail').boundingBox();
    expect(list!.y).toBeGreaterThan(detail!.y + detail!.height - 1);
    expect(detail!.width).toBeGreaterThan(340);
    expect(await page.isVisible('#d-back')).toBe(true);
    await page.screenshot({ path: join(OUT, 'mobile-detail-top.png') });
    await shoot(page, 'mobile-detail');
    await expectAccessible(page, 'mobile detail');
    await page.setViewportSize({ width: 1360, height: 1000 });
  });

  it('new calls: the title counts them and a browser notification is shown when allowed', async () => {
    await context.grantPermissions(['notifications'], { origin: running.url });
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __notes: string[] }).__notes = seen;
      const Real = window.Notification;
      class Recorded extends Real {
        constructor(title: string, options?: NotificationOptions) {
          super(title, options);
          seen.push(`${title} | ${options?.body ?? ''}`);
        }
      }
      window.Notification = Recorded as typeof Notification;
    });
    await page.goto(`${running.url}/`);
    await page.waitForSelector('#pending-list a');
    const before = (await store.listPending()).length;
    await poll(() => page.title()).toBe(`(${before}) argseal console`);
    await seed.refund({ orderId: 'N-1', amount: 7000, currency: 'EUR' });
    await poll(() => page.title(), { timeout: 6000 }).toBe(`(${before + 1}) argseal console`);
    await poll(() => page.evaluate(() => (window as unknown as { __notes: string[] }).__notes), {
      timeout: 6000,
    }).toEqual(['Waiting for you: Refund | Refund 70.00 EUR on order N-1']);
    expect(problems).toEqual([]);
  });
});
