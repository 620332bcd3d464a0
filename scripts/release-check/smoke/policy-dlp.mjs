// @argseal/policy-dlp from npm (secretlint, libphonenumber-js, ibantools, validator,
// credit-card-type resolved by npm, on this Node): a card is redacted before the hash and
// kept out of the audit, a secret is denied, an IBAN waits for approval.
import assert from 'node:assert/strict';
import {
  createAuthorizer,
  createMemoryApprovalStore,
  createMemoryAuditLog,
  defineTool,
} from '@argseal/core';
import { createDlp } from '@argseal/policy-dlp';
import { z } from 'zod';

const dlp = createDlp({ detectors: { card_number: 'redact', iban: 'require_approval' } });
const sent = [];
const reply = defineTool({
  name: 'send_reply',
  description: 'Reply to a customer',
  schema: z.object({ body: z.string() }),
  execute: (input) => sent.push(input.body),
});
const audit = createMemoryAuditLog();
const authorizer = createAuthorizer({
  agent: 'support',
  approvals: createMemoryApprovalStore({ audit }),
  audit,
  policy: dlp.policy,
  rewrite: [dlp.rewrite],
});

const card = await authorizer.call(reply, '{"body":"card 4111 1111 1111 1111"}');
assert.equal(card.status, 'executed');
assert.match(sent[0], /^card \[REDACTED:card_number:[a-p]{12}\]$/);
assert.ok(!JSON.stringify(await audit.records()).includes('4111 1111 1111 1111'));

const token = `ghp_${'A1b2C3d4E5'.repeat(3)}A1b2C3`;
const secret = await authorizer.call(reply, JSON.stringify({ body: `use ${token}` }));
assert.equal(secret.status, 'denied');
assert.equal(secret.reason, 'dlp_secret');

const iban = await authorizer.call(reply, '{"body":"to DE89 3704 0044 0532 0130 00"}');
assert.equal(iban.status, 'suspended');
assert.equal(iban.proposal.reason, 'dlp_iban');
console.log('policy-dlp smoke ok: redacted, denied, suspended');
