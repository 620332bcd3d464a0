import { sealTools } from '@argseal/ai-sdk';
import { createAuthorizer, createMemoryApprovalStore, createMemoryAuditLog } from '@argseal/core';
import { verifyAuditChain } from '@argseal/core/store';
import { generateText, stepCountIs } from 'ai';
import { dlp } from './policy.js';
import { createScriptedModel, INTERNAL_TOKEN } from './scripted-model.js';
import { createTools, type Outbox } from './tools.js';

export interface DemoSummary extends Outbox {
  /** Tool-call inputs as the conversation history holds them. */
  history: { tool: string; input: string }[];
  /** Each `decided` audit record: tool, decision, reason. */
  decisions: { tool: string; decision: string; reason: string }[];
  pending: { tool: string; reason: string; argsCanonicalJson: string }[];
  /** True when any audit record or proposal holds the card number or the token. */
  leaked: boolean;
  auditChainOk: boolean;
}

const SENSITIVE = ['4111 1111 1111 1111', '4111111111111111', INTERNAL_TOKEN];

export async function runDemo(log: (line: string) => void = console.log): Promise<DemoSummary> {
  const outbox: Outbox = { replies: [], vendorTickets: [] };
  const audit = createMemoryAuditLog();
  const approvals = createMemoryApprovalStore({ audit });
  const authorizer = createAuthorizer({
    agent: 'support-agent',
    approvals,
    audit,
    policy: dlp.policy,
    rewrite: [dlp.rewrite], // redaction happens here, before the proposal hash
  });
  const sealed = sealTools(createTools(outbox), { authorizer });
  const result = await generateText({
    ...sealed.settings(createScriptedModel()),
    prompt: 'Ada (card 4111 1111 1111 1111, IBAN DE89 3704 0044 0532 0130 00) was charged twice.',
    stopWhen: stepCountIs(4),
  });

  const history = result.responseMessages.flatMap((m) =>
    m.role === 'assistant' && Array.isArray(m.content)
      ? m.content.flatMap((p) =>
          p.type === 'tool-call' ? [{ tool: p.toolName, input: JSON.stringify(p.input) }] : [],
        )
      : [],
  );
  const records = await audit.records();
  const decisions = records
    .filter((r) => r.type === 'decided')
    .map((r) => ({ tool: r.tool ?? '', decision: r.decision ?? '', reason: r.reason ?? '' }));
  const pending = (await approvals.listPending()).map((p) => ({
    tool: p.tool,
    reason: p.reason,
    argsCanonicalJson: p.argsCanonicalJson,
  }));
  const stored = JSON.stringify([records, await approvals.listPending()]);
  const summary: DemoSummary = {
    ...outbox,
    history,
    decisions,
    pending,
    leaked: SENSITIVE.some((s) => stored.includes(s)),
    auditChainOk: (await verifyAuditChain(records)).ok,
  };

  log(
    'argseal × @argseal/policy-dlp: a support agent that quotes too much (scripted offline model)\n',
  );
  for (const h of history) log(`model calls ${h.tool} ${h.input}`);
  log('');
  for (const d of decisions) log(`decided ${d.tool}: ${d.decision} (${d.reason})`);
  for (const r of outbox.replies) log(`\nsent to the customer: ${r.body}`);
  for (const p of pending)
    log(`\nwaiting for a supervisor: ${p.tool} (${p.reason})\n  ${p.argsCanonicalJson}`);
  log(`\naudit: ${records.length} records, chain ${summary.auditChainOk ? 'verified' : 'BROKEN'}`);
  log(`card number or token in audit records or proposals: ${summary.leaked ? 'YES' : 'no'}`);
  return summary;
}
