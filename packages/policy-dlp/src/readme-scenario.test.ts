import {
  createAuthorizer,
  createMemoryApprovalStore,
  createMemoryAuditLog,
  defineTool,
} from '@argseal/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { GITHUB_TOKEN } from './__fixtures__/values.js';
import { createDlp } from './create-dlp.js';

/** The README's quick start, run: what it says happens, happens. */
describe('README quick start', () => {
  const dlp = createDlp({
    detectors: {
      secret: 'deny',
      card_number: 'redact',
      iban: 'require_approval',
      email: 'redact',
      phone: { action: 'redact', defaultCountry: 'DE' },
    },
    exempt: [{ detectors: ['email'], paths: ['/to'], tools: ['send_reply'] }],
  });
  const sent: unknown[] = [];
  const reply = defineTool({
    name: 'send_reply',
    description: 'Reply to a customer',
    schema: z.object({ to: z.email(), body: z.string() }),
    execute: (input) => sent.push(input),
  });
  const audit = createMemoryAuditLog();
  const authorizer = createAuthorizer({
    agent: 'support-bot',
    approvals: createMemoryApprovalStore({ audit }),
    audit,
    policy: dlp.policy,
    rewrite: [dlp.rewrite],
  });
  const call = (body: string) =>
    authorizer.call(reply, JSON.stringify({ to: 'ada@example.com', body }));

  it('redacts the card, keeps the exempt recipient', async () => {
    const outcome = await call('Your card 4111 1111 1111 1111 is blocked');
    expect(outcome.status).toBe('executed');
    expect(sent).toEqual([
      {
        body: expect.stringMatching(/^Your card \[REDACTED:card_number:[a-p]{12}\] is blocked$/),
        to: 'ada@example.com',
      },
    ]);
  });

  it('denies a token, suspends an IBAN', async () => {
    expect(await call(`use ${GITHUB_TOKEN}`)).toMatchObject({
      status: 'denied',
      reason: 'dlp_secret',
    });
    const iban = await call('Refund to DE89 3704 0044 0532 0130 00');
    expect(iban.status === 'suspended' && iban.proposal.reason).toBe('dlp_iban');
  });

  it('scan returns the documented finding shape', async () => {
    const findings = await dlp.scan({ body: 'pay to DE89 3704 0044 0532 0130 00' });
    expect(findings).toEqual([
      {
        detector: 'iban',
        rule: 'DE',
        pointer: '/body',
        location: 'value',
        hash: expect.stringMatching(/^[a-p]{12}$/),
        action: 'require_approval',
      },
    ]);
  });
});
