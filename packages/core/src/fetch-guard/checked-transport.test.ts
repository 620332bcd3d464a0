import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMemoryApprovalStore } from '../approvals/memory-store.js';
import { createMemoryAuditLog } from '../audit/memory-log.js';
import { createAuthorizer } from '../authorizer/create-authorizer.js';
import { decodedOnly } from '../kit/inputs.js';
import { defineTool } from '../tool/define-tool.js';
import { ANTHROPIC } from './__fixtures__/bodies.js';
import { guarded, JSON_TYPE } from './__fixtures__/guard-harness.js';

const executed: unknown[] = [];
const pay = defineTool({
  name: 'pay',
  description: 'pay',
  schema: z.object({ to: z.string(), amount: z.number() }),
  execute: async (args) => {
    executed.push(args);
    return 'ok';
  },
});

async function afterGuard(body: string) {
  const { call, registry } = guarded(body, JSON_TYPE);
  const outcome = await call().then(
    async (r) => JSON.parse(await r.text()),
    (e: unknown) => e,
  );
  const audit = createMemoryAuditLog();
  const authorizer = createAuthorizer({
    agent: 'a',
    policy: () => ({ type: 'allow' }),
    approvals: createMemoryApprovalStore({ audit }),
    audit,
    provenance: registry,
  });
  return { outcome, authorizer };
}

describe('strict fetch guard -> checked_transport provenance', () => {
  it('a decoded object the guard checked is accepted for its call id', async () => {
    const { outcome, authorizer } = await afterGuard(ANTHROPIC('{"to":"x","amount":5}'));
    const input = outcome.content[0].input; // what the SDK decodes from the checked body
    const ok = await authorizer.prepare(pay, decodedOnly(input), { toolCallId: 'toolu_1' });
    expect(ok.ok && ok.attempt.provenance).toBe('checked_transport');
    const other = await authorizer.prepare(pay, decodedOnly(input), { toolCallId: 'toolu_2' });
    expect(other.ok ? 'accepted' : other.refusal.code).toBe('raw_text_unavailable');
  });

  it('a refused body vouches for nothing, so its decoded value stays refused', async () => {
    const { outcome, authorizer } = await afterGuard(ANTHROPIC('{"to":"x","amount":1,"amount":5}'));
    expect((outcome as { code?: string }).code).toBe('duplicate_key');
    // what a lenient client would have decoded: the last value
    const decoded = { to: 'x', amount: 5 };
    const prepared = await authorizer.prepare(pay, decodedOnly(decoded), { toolCallId: 'toolu_1' });
    expect(prepared.ok ? 'accepted' : prepared.refusal.code).toBe('raw_text_unavailable');
    expect(executed).toEqual([]);
  });
});
