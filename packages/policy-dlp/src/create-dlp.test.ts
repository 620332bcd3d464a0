import { computeProposalHash } from '@argseal/core';
import { describe, expect, it } from 'vitest';
import { replySetup } from './__fixtures__/reply-tool.js';
import { GITHUB_TOKEN, IBAN_DE, SALT, VISA } from './__fixtures__/values.js';
import { createDlp } from './create-dlp.js';

const raw = (body: string) => JSON.stringify({ ticketId: 't-1', body });

describe('createDlp with a real authorizer', () => {
  it('redact: the tool, the hash and the audit see only the placeholder; the original is kept out', async () => {
    const { authorizer, reply, sent, audit } = replySetup(
      createDlp({ salt: SALT, detectors: { card_number: 'redact' } }),
    );
    const outcome = await authorizer.call(reply, raw(`Your card ${VISA} is blocked`));
    if (outcome.status !== 'executed') throw new Error(outcome.status);
    const body = (sent[0] as { body: string }).body;
    expect(body).toMatch(/^Your card \[REDACTED:card_number:[a-p]{12}\] is blocked$/);
    expect(outcome.originalArguments).toBeUndefined();
    expect(outcome.proposalHash).toBe(
      await computeProposalHash({
        agent: 'support-bot',
        tool: 'send_reply',
        argsCanonicalJson: JSON.stringify({ body, ticketId: 't-1' }),
      }),
    );
    const records = await audit.records();
    expect(JSON.stringify(records)).not.toContain(VISA);
    const decided = records.find((r) => r.type === 'decided');
    expect(decided?.trace).toEqual([
      {
        rule: 'dlp/card_number',
        decision: 'allow',
        reason: `dlp_redacted at /body #${/:([a-p]{12})\]/.exec(body)![1]}`,
      },
    ]);
  });

  it('require_approval: the approver sees the call that runs, the decision names pointer and hash only', async () => {
    const { authorizer, reply, approvals } = replySetup(
      createDlp({ salt: SALT, detectors: { iban: 'require_approval' } }),
    );
    const outcome = await authorizer.call(reply, raw(`Refund to ${IBAN_DE}`));
    if (outcome.status !== 'suspended') throw new Error(outcome.status);
    expect(outcome.proposal.reason).toBe('dlp_iban');
    const [pending] = await approvals.listPending();
    expect(pending?.proposalHash).toBe(outcome.proposal.proposalHash);
  });

  it('deny: a secret never runs and is removed before identity; reason, trace and audit carry detector, pointer and hash', async () => {
    const { authorizer, reply, sent, audit } = replySetup(createDlp({ salt: SALT }));
    const outcome = await authorizer.call(reply, raw(`use ${GITHUB_TOKEN}`));
    expect(outcome).toMatchObject({ status: 'denied', reason: 'dlp_secret' });
    expect(sent).toEqual([]);
    const records = await audit.records();
    expect(JSON.stringify(records)).not.toContain(GITHUB_TOKEN);
    const proposed = records.find((r) => r.type === 'proposed');
    expect(proposed?.argsCanonicalJson).toMatch(/\[REDACTED:secret:[a-p]{12}\]/);
    const decided = records.find((r) => r.type === 'decided');
    expect(decided?.trace?.[0]).toMatchObject({
      rule: 'dlp/secret',
      decision: 'deny',
      reason: expect.stringMatching(/^dlp_secret at \/body #[a-p]{12}$/),
    });
  });

  it('a redact detector without the rewrite hook denies (dlp_redaction_missing)', async () => {
    const dlp = createDlp({ salt: SALT, detectors: { card_number: 'redact' } });
    const decision = await dlp.policy({
      agent: 'a',
      tool: 'send_reply',
      toolCallId: 'c',
      rawArguments: undefined,
      requestedArguments: {},
      parsedArguments: { body: VISA },
      argsCanonicalJson: '{}',
      proposalHash: '0'.repeat(64),
      context: undefined,
    });
    expect(decision).toMatchObject({ type: 'deny', reason: 'dlp_redaction_missing' });
  });

  it('clean calls are allowed (dlp_clean); tools outside `tools` are not scanned', async () => {
    const { authorizer, reply } = replySetup(createDlp({ salt: SALT, tools: ['other'] }));
    expect(await authorizer.call(reply, raw(`use ${GITHUB_TOKEN}`))).toMatchObject({
      status: 'executed',
    });
    const clean = replySetup(createDlp({ salt: SALT }));
    expect(await clean.authorizer.call(clean.reply, raw('Thanks!'))).toMatchObject({
      status: 'executed',
    });
  });

  it('onFinding gets findings without values; a throwing logger changes nothing', async () => {
    const events: unknown[] = [];
    const dlp = createDlp({
      salt: SALT,
      detectors: { card_number: 'redact' },
      onFinding: (e) => {
        events.push(e);
        throw new Error('logger down');
      },
    });
    const { authorizer, reply } = replySetup(dlp);
    expect(await authorizer.call(reply, raw(`card ${VISA}`))).toMatchObject({ status: 'executed' });
    expect(events).toMatchObject([
      {
        stage: 'rewrite',
        tool: 'send_reply',
        findings: [{ detector: 'card_number', pointer: '/body' }],
      },
    ]);
    expect(JSON.stringify(events)).not.toContain(VISA);
  });

  it('past maxScanLength the policy denies (dlp_scan_limit_exceeded) and the rewrite refuses (rewrite_failed)', async () => {
    const policyOnly = createDlp({
      salt: SALT,
      maxScanLength: 8,
      detectors: { card_number: 'redact' },
    });
    const { authorizer, reply, sent } = replySetup({ ...policyOnly, rewrite: () => undefined });
    expect(await authorizer.call(reply, raw('a long reply'))).toMatchObject({
      status: 'denied',
      reason: 'dlp_scan_limit_exceeded',
    });
    const both = replySetup(policyOnly);
    const outcome = await both.authorizer.call(both.reply, raw('a long reply'));
    expect(outcome).toMatchObject({ status: 'invalid', error: { code: 'rewrite_failed' } });
    expect(sent).toEqual([]);
  });

  it("the policy reuses the rewrite hook's scan of identical arguments, and rescans changed ones", async () => {
    const scanned: string[] = [];
    const spy = {
      id: 'spy',
      kind: 'personal' as const,
      scan: (text: string) => {
        scanned.push(text);
        return [];
      },
    };
    const dlp = createDlp({ salt: SALT, custom: [{ detector: spy, action: 'deny' }] });
    const { authorizer, reply } = replySetup(dlp);
    expect(await authorizer.call(reply, raw('hello'))).toMatchObject({ status: 'executed' });
    expect(scanned).toHaveLength(1);
    // a policy input whose canonical text the hook never scanned is scanned afresh
    await dlp.policy({
      agent: 'a',
      tool: 'send_reply',
      toolCallId: 'c',
      rawArguments: undefined,
      requestedArguments: {},
      parsedArguments: { body: 'other' },
      argsCanonicalJson: '{"body":"other"}',
      proposalHash: '0'.repeat(64),
      context: undefined,
    });
    expect(scanned).toHaveLength(2);
  });

  it('redact and require_approval in one call: the approver sees the placeholder and the IBAN, the hash covers both', async () => {
    const { authorizer, reply } = replySetup(
      createDlp({ salt: SALT, detectors: { card_number: 'redact', iban: 'require_approval' } }),
    );
    const outcome = await authorizer.call(reply, raw(`card ${VISA}, refund to ${IBAN_DE}`));
    if (outcome.status !== 'suspended') throw new Error(outcome.status);
    const shown = (outcome.proposal.parsedArguments as { body: string }).body;
    expect(shown).toMatch(/^card \[REDACTED:card_number:[a-p]{12}\], refund to DE89 3704/);
    expect(outcome.proposal.argsCanonicalJson).not.toContain(VISA);
    expect(outcome.proposal.originalArguments).toBeUndefined();
    expect(outcome.proposal.proposalHash).toBe(
      await computeProposalHash({
        agent: 'support-bot',
        tool: 'send_reply',
        argsCanonicalJson: outcome.proposal.argsCanonicalJson,
      }),
    );
  });
});
