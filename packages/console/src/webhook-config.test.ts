import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMemoryApprovalStore, createMemoryAuditLog } from '@argseal/core';
import { afterEach, describe, expect, it } from 'vitest';
import { seeder } from './__fixtures__/seed.js';
import { runConsoleCli } from './cli/run-console-cli.js';
import { startConsole } from './start-console.js';
import { signWebhook } from './webhook.js';

const ALICE = 'alice-webhook-token-0123456789';
const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

async function receiver() {
  const got: { signature: string; timestamp: string; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => {
      body += d;
    });
    req.on('end', () => {
      got.push({
        signature: String(req.headers['x-argseal-signature']),
        timestamp: String(req.headers['x-argseal-timestamp']),
        body,
      });
      res.statusCode = 204;
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  cleanup.push(() => new Promise((r) => server.close(r)));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, got };
}

async function configFile(content: unknown): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'argseal-console-webhook-'));
  cleanup.push(() => rm(dir, { recursive: true, force: true }));
  const file = join(dir, 'console.json');
  writeFileSync(file, JSON.stringify(content), { mode: 0o600 });
  return file;
}

function memory() {
  const audit = createMemoryAuditLog();
  const store = createMemoryApprovalStore({ audit });
  return { audit, store, seed: seeder(store, audit) };
}

describe('the webhook is set from the config file or the command line', () => {
  it('config file: {"webhook": {url, secret, format}} announces new pending calls, signed', async () => {
    const r = await receiver();
    const file = await configFile({
      approvers: { alice: ALICE },
      webhook: { url: r.url, secret: 'file-secret', format: 'slack' },
    });
    const m = memory();
    const c = await startConsole({
      port: 0,
      configFile: file,
      env: {},
      store: m.store,
      audit: m.audit,
    });
    cleanup.push(() => c.close());
    await new Promise((done) => setTimeout(done, 300));
    const p = await m.seed.refund({ orderId: 'A-7', amount: 12000, currency: 'EUR' });
    await expect.poll(() => r.got.length, { timeout: 10_000, interval: 100 }).toBe(1);
    const { body, signature, timestamp } = r.got[0]!;
    expect(signature).toBe(signWebhook('file-secret', timestamp, body));
    expect(JSON.parse(body).text).toContain(`${c.url}/#/p/${p.id}`);
  }, 30_000);

  it('CLI: --webhook-url and --webhook-format, the secret from ARGSEAL_CONSOLE_WEBHOOK_SECRET', async () => {
    const r = await receiver();
    const file = await configFile({ approvers: { alice: ALICE } });
    const dataDir = join(file, '..', 'data');
    const started = await runConsoleCli(
      [
        '--port',
        '0',
        '--config',
        file,
        '--data-dir',
        dataDir,
        '--webhook-url',
        r.url,
        '--webhook-format',
        'json',
      ],
      {
        stdout: () => {},
        stderr: () => {},
        waitForSignal: false,
        env: { ARGSEAL_CONSOLE_WEBHOOK_SECRET: 'env-secret' },
      },
    );
    expect(started.code).toBe(0);
    const c = started.console!;
    cleanup.push(() => c.close());
    await new Promise((done) => setTimeout(done, 300));
    const seed = seeder(c.store, c.audit);
    await seed.refund({ orderId: 'A-8', amount: 12000, currency: 'EUR' });
    await expect.poll(() => r.got.length, { timeout: 10_000, interval: 100 }).toBe(1);
    const { body, signature, timestamp } = r.got[0]!;
    expect(signature).toBe(signWebhook('env-secret', timestamp, body));
    expect(JSON.parse(body)).toMatchObject({ type: 'proposal.pending' });
  }, 60_000);

  it('bad webhook settings are refused before the console listens', async () => {
    const err: string[] = [];
    const io = { stdout: () => {}, stderr: (t: string) => err.push(t), waitForSignal: false };
    const env = { ARGSEAL_CONSOLE_TOKENS: `alice:${ALICE}` };
    expect((await runConsoleCli(['--webhook-format', 'teams'], { ...io, env })).code).toBe(2);
    expect((await runConsoleCli(['--webhook-format', 'slack'], { ...io, env })).code).toBe(2);
    // no secret anywhere: an unsigned webhook is refused
    const noSecret = await runConsoleCli(
      ['--port', '0', '--webhook-url', 'https://hooks.example.com/x'],
      { ...io, env },
    );
    expect(noSecret).toEqual({ code: 1 });
    expect(err.join('')).toContain('[invalid_options]');
    const plain = await runConsoleCli(['--port', '0', '--webhook-url', 'http://example.com/x'], {
      ...io,
      env: { ...env, ARGSEAL_CONSOLE_WEBHOOK_SECRET: 's' },
    });
    expect(plain).toEqual({ code: 1 });
    expect(err.join('')).toContain('[invalid_webhook_url]');
    const cases: [unknown, string][] = [
      [{ url: 'https://h.example/x', secret: 's', fromat: 'slack' }, 'did you mean "format"'],
      [{ url: 'http://example.com/x', secret: 's' }, 'https'],
      [{ secret: 's' }, 'needs a "url"'],
      [{ url: 'https://h.example/x', format: 'teams' }, '"format"'],
    ];
    for (const [webhook, text] of cases) {
      const file = await configFile({ approvers: { alice: ALICE }, webhook });
      const m = memory();
      const failed = startConsole({
        port: 0,
        configFile: file,
        env: {},
        store: m.store,
        audit: m.audit,
      });
      await expect(failed).rejects.toSatisfy(
        (e: { code?: string; message?: string }) =>
          (e.code === 'invalid_config' || e.code === 'invalid_webhook_url') &&
          String(e.message).includes(text),
      );
      expect(await m.store.listProposals({ status: 'all' })).toEqual([]);
    }
    const typo = await configFile({ approvers: { alice: ALICE }, webhooks: {} });
    await expect(startConsole({ port: 0, configFile: typo, env: {} })).rejects.toMatchObject({
      code: 'invalid_config',
      message: expect.stringContaining('did you mean "webhook"'),
    });
  }, 60_000);
});
