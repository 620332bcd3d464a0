import { type ChildProcessWithoutNullStreams, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAuthorizer, defineTool } from '@argseal/core';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { browserSuite, expectAccessible, launch, PKG, shoot } from './__fixtures__/browser.js';
import { createConsoleApprovalStore } from './client/approval-store.js';
import { createConsoleAuditSink } from './client/audit-sink.js';
import { type RunningConsole, startConsole } from './start-console.js';

const ALICE = 'alice-e2e-token-0123456789abcdef';
const AGENT = 'agent-e2e-token-0123456789abcdef';
// examples/ai-sdk-refund runs as `support-agent` (its console mode, see its README).
const EXAMPLE = join(PKG, '../../examples/ai-sdk-refund');
const EXAMPLE_AGENT = 'example-e2e-token-0123456789abcdef';
// The example imports these workspace packages from their dist.
const EXAMPLE_DEPS = ['core', 'policies', 'ai-sdk', 'postgres', 'console'];

const suite = browserSuite('console in a real browser');

describe.skipIf(suite.skip)(suite.title, { timeout: 180_000 }, () => {
  let dataDir: string;
  let profile: string;
  let running: RunningConsole;
  let context: BrowserContext;
  let page: Page;
  const dialogs: string[] = [];
  const cspErrors: string[] = [];
  const children: ChildProcessWithoutNullStreams[] = [];

  beforeAll(async () => {
    for (const dep of EXAMPLE_DEPS) {
      const dir = join(PKG, '..', dep);
      if (!existsSync(join(dir, 'dist/index.js')))
        execFileSync('pnpm', ['exec', 'tsdown'], { cwd: dir, stdio: 'ignore' });
    }
    dataDir = mkdtempSync(join(tmpdir(), 'argseal-console-e2e-'));
    profile = mkdtempSync(join(tmpdir(), 'argseal-chromium-profile-'));
    running = await startConsole({
      port: 0,
      dataDir,
      env: {},
      tokens: { alice: ALICE },
      agentTokens: { 'support-bot': AGENT, 'support-agent': EXAMPLE_AGENT },
    });
    context = await launch(profile);
    page = context.pages()[0] ?? (await context.newPage());
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    page.on('console', (m) => {
      if (/Content Security Policy|TrustedHTML|Trusted Type/i.test(m.text()))
        cspErrors.push(m.text());
    });
  }, 120_000);

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill();
    await context?.close();
    await running?.close();
    for (const dir of [dataDir, profile]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  function startAgent(): {
    child: ChildProcessWithoutNullStreams;
    next: (event: string) => Promise<Record<string, unknown>>;
  } {
    const child = spawn(process.execPath, [join(PKG, 'src/__fixtures__/agent-process.mjs')], {
      cwd: PKG,
      env: { ...process.env, CONSOLE_URL: running.url, AGENT_TOKEN: AGENT },
    });
    children.push(child);
    const lines: Record<string, unknown>[] = [];
    let buffer = '';
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.stdout.on('data', (d) => {
      buffer += d;
      let at = buffer.indexOf('\n');
      while (at >= 0) {
        lines.push(JSON.parse(buffer.slice(0, at)));
        buffer = buffer.slice(at + 1);
        at = buffer.indexOf('\n');
      }
    });
    const next = async (event: string) => {
      for (let i = 0; i < 1200; i++) {
        const found = lines.find((l) => l.event === event);
        if (found) return found;
        if (child.exitCode !== null && !lines.some((l) => l.event === event)) {
          throw new Error(
            `agent exited ${child.exitCode} before "${event}": ${JSON.stringify(lines)} ${stderr}`,
          );
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`agent did not report "${event}"`);
    };
    return { child, next };
  }

  it('log in, see the agent proposal live, approve it; the agent executes and the audit chain verifies', async () => {
    await page.goto(`${running.url}/`);
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.fill('#token', ALICE);
    await page.click('#login-button');
    await page.waitForURL(`${running.url}/`);
    await expect.poll(() => page.textContent('#whoami')).toBe('alice');

    // The agent starts after the page is open: the pending list updates by itself.
    const agent = startAgent();
    const suspended = await agent.next('suspended');
    const item = page.locator(`a[data-proposal-id="${suspended.proposalId}"]`);
    await item.waitFor({ timeout: 15_000 });
    await item.click();
    await expect.poll(() => page.textContent('#d-hash')).toBe(suspended.proposalHash);
    expect(await page.textContent('#d-agent')).toBe('support-bot');
    expect(await page.textContent('#d-tool-name')).toBe('refund');
    expect(await page.textContent('#d-reason')).toBe('refund of 250 is above the 100 limit');
    expect(await page.textContent('#d-args')).toBe(
      '{\n  "amount": 250,\n  "currency": "USD",\n  "orderId": "A-1001"\n}',
    );
    // the field table marks what the rewrite changed; the exact JSON is one click away
    expect(await page.textContent('#d-fields tr.changed')).toContain(
      'changed by a rewrite; the request said: usd',
    );
    await page.click('#d-json-box summary');
    expect(await page.isVisible('#d-rewrite')).toBe(true);
    expect(await page.textContent('#d-original')).toContain('"currency": "usd"');
    await page.fill('#d-note', 'customer called, verified order A-1001');
    await page.selectOption('#d-expiry', '900000');
    await shoot(page, 'agent-process-detail');
    await expectAccessible(page, 'rewritten call from an agent process');

    await page.click('#approve');
    await expect.poll(() => page.textContent('#d-message')).toBe('Approved by alice.');
    const executed = await agent.next('executed');
    expect(executed.result).toEqual({ refunded: 250, currency: 'USD', orderId: 'A-1001' });
    expect(executed.proposalHash).toBe(suspended.proposalHash);

    await expect
      .poll(() => page.getAttribute('#audit-status', 'data-verified'), { timeout: 10_000 })
      .toBe('true');
    await expect
      .poll(() => page.locator('#audit-body tr[data-type="executed"]').count(), {
        timeout: 10_000,
      })
      .toBe(1);
    expect(await page.textContent('#audit-status')).toMatch(/^chain verified · \d+ records$/);
    await expect
      .poll(() => page.textContent('#d-status'), { timeout: 10_000 })
      .toBe('approved and executed');
    expect(await page.textContent('#d-decided')).toMatch(
      /^Approved by alice at .*; consumed by agent support-bot, which ran it/,
    );
    await shoot(page, 'agent-process-executed');
    expect(dialogs).toEqual([]);
    expect(cspErrors).toEqual([]);
  });

  it('runs the ai-sdk-refund example against the console: it pauses, alice approves in the page, the example executes once', async () => {
    await page.goto(`${running.url}/`);
    if (new URL(page.url()).pathname === '/login') {
      await page.fill('#token', ALICE);
      await page.click('#login-button');
      await page.waitForURL(`${running.url}/`);
    }
    await expect.poll(() => page.textContent('#whoami')).toBe('alice');

    // The example in console mode, as its README runs it, in its own process.
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/main.ts', `--console=${running.url}`, '--timeout=150'],
      {
        cwd: EXAMPLE,
        env: {
          ...process.env,
          OPENAI_API_KEY: '',
          NO_COLOR: '1',
          ARGSEAL_CONSOLE_URL: '',
          ARGSEAL_CONSOLE_AGENT_TOKEN: EXAMPLE_AGENT,
        },
      },
    );
    children.push(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    await expect
      .poll(
        () => {
          if (child.exitCode !== null)
            throw new Error(`example exited ${child.exitCode}: ${stdout}${stderr}`);
          return stdout.includes('approve it in the console');
        },
        { timeout: 60_000, interval: 100 },
      )
      .toBe(true);
    const proposalId = /^ {2}proposal (\S+)$/m.exec(stdout)?.[1] ?? '';
    const proposalHash = /^ {2}hash {5}([0-9a-f]{64})$/m.exec(stdout)?.[1] ?? '';
    expect(proposalId).not.toBe('');
    expect(proposalHash).not.toBe('');

    // The open page lists the example's proposal by itself; the detail shows what will run.
    const item = page.locator(`a[data-proposal-id="${proposalId}"]`);
    await item.waitFor({ timeout: 15_000 });
    await item.click();
    await expect.poll(() => page.textContent('#d-hash')).toBe(proposalHash);
    expect(await page.textContent('#d-agent')).toBe('support-agent');
    expect(await page.textContent('#d-tool-name')).toBe('refund');
    expect(await page.textContent('#d-reason')).toBe('money_above_approval_threshold');
    expect(await page.textContent('#d-args')).toBe(
      '{\n  "amount": 12000,\n  "currency": "EUR",\n  "orderId": "A-1001",\n  "reason": "arrived damaged"\n}',
    );
    expect(await page.isVisible('#d-rewrite')).toBe(false);
    await page.fill('#d-note', 'damaged on arrival, photos checked');
    await shoot(page, 'example-detail');
    await expectAccessible(page, 'example detail');
    // Still waiting: nothing ran before a person decided.
    expect(stdout).not.toContain('executed refund');
    expect(child.exitCode).toBeNull();

    await page.click('#approve');
    await expect.poll(() => page.textContent('#d-message')).toBe('Approved by alice.');
    expect(await exited, `${stdout}${stderr}`).toBe(0);
    expect(stdout).toContain('approved in the console by alice');
    expect(stdout).toContain(
      'executed refund once: [{"orderId":"A-1001","amount":12000,"currency":"EUR"}]',
    );

    await expect
      .poll(() => page.textContent('#d-status'), { timeout: 10_000 })
      .toBe('approved and executed');
    await expect
      .poll(() => page.getAttribute('#audit-status', 'data-verified'), { timeout: 10_000 })
      .toBe('true');
    const auditRows = (type: string) =>
      page
        .locator(`#audit-body tr[data-type="${type}"]`)
        .filter({ has: page.locator('td:nth-child(4)', { hasText: /^support-agent$/ }) })
        .filter({ has: page.locator('td:nth-child(5)', { hasText: /^refund$/ }) });
    await expect.poll(() => auditRows('executed').count(), { timeout: 10_000 }).toBe(1);
    expect(await auditRows('approval_granted').textContent()).toContain('approved by alice');
    expect(await auditRows('approval_consumed').textContent()).toContain(
      'consumed by agent support-agent',
    );
    expect(await auditRows('approval_consumed').count()).toBe(1);
    expect(await page.textContent('#audit-status')).toMatch(/^chain verified · \d+ records$/);
    await shoot(page, 'example-executed');
    expect(dialogs).toEqual([]);
    expect(cspErrors).toEqual([]);
  });

  it('hostile argument text renders as inert text: no script runs, no element is created', async () => {
    const payloads = {
      orderId: '<script>window.__pwned = 1; alert("script")</script>',
      memo: '<img src=x onerror="window.__pwned = 2; alert(\'img\')">',
      note: 'line one\rline two',
      amount: 900,
    };
    const tool = defineTool({
      name: 'refund',
      schema: z.object({
        orderId: z.string(),
        memo: z.string(),
        note: z.string(),
        amount: z.number(),
      }),
      execute: () => 'never',
    });
    const reason = 'check <img src=x onerror="alert(\'reason\')">\rnow';
    const authorizer = createAuthorizer({
      agent: 'support-bot',
      policy: () => ({ type: 'require_approval', reason }),
      approvals: createConsoleApprovalStore({ url: running.url, token: AGENT }),
      audit: createConsoleAuditSink({ url: running.url, token: AGENT }),
    });
    const outcome = await authorizer.call(tool, JSON.stringify(payloads), {
      toolCallId: 'hostile',
    });
    expect(outcome.status).toBe('suspended');
    if (outcome.status !== 'suspended') return;

    await page.goto(`${running.url}/#/p/${encodeURIComponent(outcome.proposal.id)}`);
    await expect.poll(() => page.textContent('#d-hash')).toBe(outcome.proposal.proposalHash);
    const args = (await page.textContent('#d-args')) ?? '';
    expect(args).toContain('"orderId": "<script>window.__pwned = 1; alert(\\"script\\")</script>"');
    expect(args).toContain(
      '"memo": "<img src=x onerror=\\"window.__pwned = 2; alert(\'img\')\\">"',
    );
    expect(args).toContain('"note": "line one\\rline two"');
    // control characters in the reason are shown as markers, not interpreted
    const shown = reason.replace('\r', '⟦U+000D⟧');
    expect(await page.textContent('#d-reason')).toBe(shown);
    expect(
      await page
        .locator('#detail script, #detail img, #pending-list img, #pending-list script')
        .count(),
    ).toBe(0);
    expect(
      await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned),
    ).toBeUndefined();
    // The pending list shows the reason too, as text.
    expect(await page.textContent(`a[data-proposal-id="${outcome.proposal.id}"] .preason`)).toBe(
      shown,
    );
    await shoot(page, 'hostile-arguments');
    await expectAccessible(page, 'hostile arguments');
    expect(dialogs).toEqual([]);
    expect(cspErrors).toEqual([]);
  });
});
