import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMemoryApprovalStore, createMemoryAuditLog } from '@argseal/core';
import { afterEach, describe, expect, it } from 'vitest';
import { seeder } from './__fixtures__/seed.js';
import { checkWebhookUrl, escapeSlackText, signWebhook, watchPending } from './webhook.js';

const closers: (() => void)[] = [];
afterEach(() => {
  for (const c of closers.splice(0)) c();
});

/** A loopback receiver that fails the first `failures` requests with 503. */
async function receiver(failures: number) {
  const got: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];
  let calls = 0;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => {
      body += d;
    });
    req.on('end', () => {
      calls++;
      got.push({ headers: req.headers, body });
      res.statusCode = calls <= failures ? 503 : 204;
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(() => server.close());
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, got };
}

describe('outgoing webhook for new pending proposals', () => {
  for (const format of ['json', 'slack'] as const) {
    it(`${format}: signed, retried with backoff after 503, links to the proposal`, async () => {
      const audit = createMemoryAuditLog();
      const store = createMemoryApprovalStore({ audit });
      const seed = seeder(store, audit);
      await seed.refund({ orderId: 'OLD-1', amount: 6000, currency: 'EUR' });
      const r = await receiver(2);
      const options = {
        url: r.url,
        secret: 's3cret',
        format,
        consoleUrl: 'http://127.0.0.1:7407',
        baseDelayMs: 5,
      };
      closers.push(watchPending(store, options, 20));
      await new Promise((done) => setTimeout(done, 60));
      const p = await seed.refund({ orderId: 'A-1001', amount: 12000, currency: 'EUR' });
      await expect.poll(() => r.got.length, { timeout: 5000 }).toBe(3);
      for (const { headers, body } of r.got) {
        expect(headers['x-argseal-signature']).toBe(
          signWebhook('s3cret', String(headers['x-argseal-timestamp']), body),
        );
      }
      const body = r.got[2]!.body;
      const link = `http://127.0.0.1:7407/#/p/${p.id}`;
      if (format === 'slack')
        expect(JSON.parse(body).text).toBe(
          `Waiting for approval: Refund 120.00 EUR on order A-1001 (agent support-bot) <${link}|open in the console>`,
        );
      else
        expect(JSON.parse(body)).toMatchObject({
          type: 'proposal.pending',
          summary: 'Refund 120.00 EUR on order A-1001',
          url: link,
        });
      expect(body).not.toContain('OLD-1');
    });
  }

  it('slack: every value is escaped, so no mention, broadcast or labelled link is sent', async () => {
    const audit = createMemoryAuditLog();
    const store = createMemoryApprovalStore({ audit });
    const seed = seeder(store, audit, 'bot <!here> & <@U999>');
    const r = await receiver(0);
    closers.push(
      watchPending(
        store,
        { url: r.url, secret: 's', format: 'slack', consoleUrl: 'http://127.0.0.1:7407' },
        20,
      ),
    );
    await new Promise((done) => setTimeout(done, 60));
    const hostile = '<!channel> <https://evil.example/a|Approve> <@U123> &amp;';
    const p = await seed.refund({ orderId: hostile, amount: 12000, currency: 'EUR' });
    await expect.poll(() => r.got.length, { timeout: 5000 }).toBe(1);
    const text: string = JSON.parse(r.got[0]!.body).text;
    expect(text).toContain(
      '&lt;!channel&gt; &lt;https://evil.example/a|Approve&gt; &lt;@U123&gt; &amp;amp;',
    );
    expect(text).toContain('(agent bot &lt;!here&gt; &amp; &lt;@U999&gt;)');
    // the only control sequence left is the console's own link
    expect(text.match(/</g)).toHaveLength(1);
    expect(text.match(/>/g)).toHaveLength(1);
    expect(text).toContain(`<http://127.0.0.1:7407/#/p/${p.id}|open in the console>`);
    expect(escapeSlackText('a&b<c>d')).toBe('a&amp;b&lt;c&gt;d');
  });

  it('refuses plain http to another host and malformed URLs (invalid_webhook_url)', () => {
    for (const url of ['http://example.com/hook', 'ftp://127.0.0.1/x', 'not a url'])
      expect(() => checkWebhookUrl(url)).toThrow(
        expect.objectContaining({ code: 'invalid_webhook_url' }),
      );
    expect(() => checkWebhookUrl('https://hooks.example.com/x')).not.toThrow();
  });
});
