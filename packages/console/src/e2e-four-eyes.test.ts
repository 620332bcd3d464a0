import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMemoryApprovalStore, createMemoryAuditLog } from '@argseal/core';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSuite, expectAccessible, launch, shoot } from './__fixtures__/browser.js';
import { seeder } from './__fixtures__/seed.js';
import { type RunningConsole, startConsole } from './start-console.js';

const poll = <T>(fn: () => T) => expect.poll(fn, { timeout: 8000 });
const TOKENS = {
  alice: 'alice-four-eyes-token-0123456789',
  bob: 'bob-four-eyes-token-0123456789ab',
  dana: 'dana-four-eyes-token-0123456789a',
  mallory: 'mallory-four-eyes-token-01234567',
};
const suite = browserSuite('four eyes in a real browser');

// Four eyes end to end: a policy asks for 2 finance approvers and bars the requester (dana,
// from the tool's server context); the page shows progress and who may still decide.
describe.skipIf(suite.skip)(suite.title, { timeout: 120_000 }, () => {
  const audit = createMemoryAuditLog();
  const store = createMemoryApprovalStore({ audit });
  const seed = seeder(store, audit);
  const args = { orderId: 'B-2002', amount: 45000, currency: 'EUR', reason: 'double charge' };
  let profile: string;
  let running: RunningConsole;
  let context: BrowserContext;
  let page: Page;
  let id = '';
  const problems: string[] = [];

  beforeAll(async () => {
    profile = mkdtempSync(join(tmpdir(), 'argseal-four-eyes-profile-'));
    running = await startConsole({
      port: 0,
      env: {},
      store,
      audit,
      tokens: TOKENS,
      approverGroups: { finance: ['alice', 'bob', 'dana'] },
    });
    context = await launch(profile);
    page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => {
      // the bypassing second vote answers 409 on purpose
      if (/status of 409/.test(m.text())) return;
      if (m.type() === 'error') problems.push(`console: ${m.text()}`);
    });
    id = (
      await seed.refund(args, {
        customer: 2,
        approvals: { required: 2, group: 'finance', excludeRequester: true },
      })
    ).id;
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    await running?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  async function loginAs(name: keyof typeof TOKENS) {
    await page.goto(`${running.url}/login`);
    await page.fill('#token', TOKENS[name]);
    await page.click('#login-button');
    await page.waitForURL(`${running.url}/`);
    await poll(() => page.textContent('#whoami')).toBe(name);
    await page.goto(`${running.url}/#/p/${encodeURIComponent(id)}`);
    await page.waitForSelector('#detail-body:not([hidden])');
  }

  async function logout() {
    await page.click('#logout');
    await page.waitForURL(/\/login$/);
  }

  it('the requester sees "0 of 2 approvals", the rules, and cannot approve their own call', async () => {
    await loginAs('dana');
    await poll(() => page.textContent('#d-progress-count')).toBe('0 of 2 approvals');
    expect(await page.textContent('#d-progress-who')).toBe('no approvals yet');
    expect(await page.textContent('#d-progress-rules')).toBe(
      'Needs 2 different approvers; from the group finance; the requester (dana) cannot approve it.',
    );
    expect(await page.textContent('#d-blocked')).toBe(
      'You requested this call, so someone else must approve it. You can still reject it.',
    );
    expect(await page.isDisabled('#approve')).toBe(true);
    expect(await page.isDisabled('#reject')).toBe(false);
    const row = page.locator(`a[data-proposal-id="${id}"]`);
    expect(await row.textContent()).toContain('0 of 2 approvals');
    await page.keyboard.press('a');
    expect((await store.getProposal(id))?.approvals?.received).toEqual([]);
    await shoot(page, 'four-eyes-requester');
    await expectAccessible(page, 'four eyes: requester');
    await logout();
  });

  it('an approver outside the group can neither approve nor reject', async () => {
    await loginAs('mallory');
    await poll(() => page.textContent('#d-blocked')).toBe(
      'Only members of the group finance may decide this call; you are not in it.',
    );
    expect(await page.isDisabled('#approve')).toBe(true);
    expect(await page.isDisabled('#reject')).toBe(true);
    await shoot(page, 'four-eyes-outsider');
    await expectAccessible(page, 'four eyes: outside the group');
    await logout();
  });

  it('the first approval shows "1 of 2 approvals" and who approved; a second vote is blocked', async () => {
    await loginAs('alice');
    await page.click('#approve');
    await poll(() => page.textContent('#d-message')).toBe(
      'Approved by alice: 1 of 2 approvals. It needs 1 more from another approver before it can run.',
    );
    await poll(() => page.textContent('#d-progress-count')).toBe('1 of 2 approvals');
    expect(await page.textContent('#d-progress-who')).toMatch(/^approved by alice \(.+\)$/);
    expect(await page.textContent('#d-status')).toBe('waiting for a decision');
    expect(await page.textContent('#d-blocked')).toBe(
      'You already approved this call; your approval counts once. It needs 1 more from someone else.',
    );
    expect(await page.isDisabled('#approve')).toBe(true);
    expect(await store.peek((await store.getProposal(id))!.bindingHash)).toEqual({
      live: false,
      reason: 'no_grant',
    });
    // the server refuses a second vote even when the page is bypassed
    const again = await page.evaluate(
      async ([url, pid, hash]) => {
        const session = await (await fetch(`${url}/api/session`)).json();
        const res = await fetch(`${url}/api/proposals/${pid}/decision`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Argseal-CSRF': session.csrfToken },
          body: JSON.stringify({ decision: 'approve', proposalHash: hash }),
        });
        return { status: res.status, body: await res.json() };
      },
      [running.url, id, (await store.getProposal(id))!.proposalHash] as const,
    );
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('duplicate_approval');
    expect((await store.getProposal(id))?.approvals?.received).toHaveLength(1);
    const row = page.locator(`a[data-proposal-id="${id}"]`);
    await poll(() => row.textContent()).toContain('1 of 2 approvals');
    await shoot(page, 'four-eyes-one-of-two');
    await expectAccessible(page, 'four eyes: 1 of 2');
    await logout();
  });

  it('the second distinct approver completes it: approved by alice and bob, then it runs', async () => {
    await loginAs('bob');
    await poll(() => page.textContent('#d-progress-count')).toBe('1 of 2 approvals');
    expect(await page.isDisabled('#approve')).toBe(false);
    await page.click('#approve');
    await poll(() => page.textContent('#d-message')).toBe('Approved by bob.');
    await poll(() => page.textContent('#d-decided')).toMatch(
      /^Approved by alice and bob at .*; waiting for agent support-bot/,
    );
    expect(await page.textContent('#d-progress-count')).toBe('2 of 2 approvals');
    const out = await seed.resume(args, 2);
    expect(out.status).toBe('executed');
    await poll(() => page.textContent('#d-decided')).toMatch(/which ran it/);
    const events = await page.$$eval('#audit-body tr td:nth-child(3)', (tds) =>
      tds.map((t) => t.textContent),
    );
    expect(events).toContain('approved by alice (1 of 2 approvals); more approvals needed');
    expect(events).toContain('approved by bob (2 of 2 approvals)');
    await shoot(page, 'four-eyes-approved');
    await expectAccessible(page, 'four eyes: approved');
    expect(problems).toEqual([]);
  });
});
