import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMemoryAuditLog } from '../audit/memory-log.js';
import type { AuditEvent } from '../audit/types.js';
import { canonicalize } from '../json/canonicalize.js';
import { defineTool } from '../tool/define-tool.js';
import { args, setup } from './__fixtures__/refund.js';
import { createAuthorizer } from './create-authorizer.js';

describe('isolation between schema, policy, proposal and execution', () => {
  it('1. policy and handler receive distinct objects with the same canonical value', async () => {
    let policyView: unknown;
    let handlerView: unknown;
    const tool = defineTool({
      name: 'refund',
      schema: z.object({ orderId: z.string(), amount: z.number() }),
      execute: (input) => {
        handlerView = input;
        return 'ok';
      },
    });
    const authorizer = createAuthorizer({
      agent: 'a',
      policy: ({ parsedArguments }) => {
        policyView = parsedArguments;
        return { type: 'allow' };
      },
    });
    const outcome = await authorizer.call(tool, '{"amount":5,"orderId":"o"}');
    expect(outcome.status).toBe('executed');
    expect(policyView).not.toBe(handlerView);
    expect(canonicalize(policyView)).toBe(canonicalize(handlerView));
    expect((policyView as { items?: unknown }).items).toBeUndefined();
  });

  it('2. a reference kept by policy and mutated later cannot change what executes', async () => {
    let kept: { amount: number } | undefined;
    const log = createMemoryAuditLog();
    const writes: unknown[] = [];
    // the sink tries to mutate the policy's reference after the decision, before execution
    const audit = {
      records: log.records,
      append: (event: AuditEvent) => {
        if (event.type === 'decided' && kept) {
          try {
            kept.amount = 999_999;
          } catch (e) {
            writes.push(e);
          }
        }
        return log.append(event);
      },
    };
    const { authorizer, tool, executed } = setup({
      audit,
      policy: ({ parsedArguments }) => {
        kept = parsedArguments as { amount: number };
        return { type: 'allow' };
      },
    });
    const outcome = await authorizer.call(tool, args(50));
    expect(outcome.status).toBe('executed');
    // the policy's view is the deep-frozen snapshot: the write throws and changes nothing
    expect(writes).toHaveLength(1);
    expect(writes[0]).toBeInstanceOf(TypeError);
    expect(kept?.amount).toBe(50);
    expect(Object.isFrozen(kept)).toBe(true);
    expect(executed).toEqual([{ orderId: 'ord_1', amount: 50, currency: 'EUR' }]);
  });

  it('2b. a policy that mutates its view asynchronously after returning is refused and isolated', async () => {
    const late: unknown[] = [];
    const { authorizer, tool, executed } = setup({
      policy: ({ parsedArguments }) => {
        queueMicrotask(() => {
          try {
            (parsedArguments as { amount: number }).amount = 999_999;
          } catch (e) {
            late.push(e);
          }
        });
        return { type: 'allow' };
      },
    });
    const outcome = await authorizer.call(tool, args(50));
    expect(outcome.status).toBe('executed');
    expect(late).toHaveLength(1);
    expect(late[0]).toBeInstanceOf(TypeError);
    expect(executed).toEqual([{ orderId: 'ord_1', amount: 50, currency: 'EUR' }]);
  });

  it('3. a schema transform returning an object the app holds cannot change policy or execution input', async () => {
    const held = { orderId: 'o', amount: 5 };
    const seenByPolicy: unknown[] = [];
    const executed: unknown[] = [];
    const tool = defineTool({
      name: 'refund',
      schema: z.unknown().transform(() => held),
      execute: (input) => {
        executed.push(structuredClone(input));
        return 'ok';
      },
    });
    const authorizer = createAuthorizer({
      agent: 'a',
      policy: async ({ parsedArguments }) => {
        held.amount = 1_000; // the app mutates its object while policy runs
        seenByPolicy.push(structuredClone(parsedArguments));
        return { type: 'allow' };
      },
    });
    const outcome = await authorizer.call(tool, '{}');
    expect(outcome.status).toBe('executed');
    expect(seenByPolicy).toEqual([{ orderId: 'o', amount: 5 }]);
    expect(executed).toEqual([{ orderId: 'o', amount: 5 }]);
    if (outcome.status === 'executed')
      expect(outcome.argsCanonicalJson).toBe('{"amount":5,"orderId":"o"}');
  });

  it('4. mutation during policy throws on the frozen view: denied policy_error, nothing executes', async () => {
    const { authorizer, tool, executed, audit } = setup({
      policy: ({ parsedArguments }) => {
        (parsedArguments as { amount: number }).amount = 1;
        return { type: 'allow' };
      },
    });
    const outcome = await authorizer.call(tool, args(50_000));
    expect(outcome).toMatchObject({ status: 'denied', reason: 'policy_error' });
    expect(executed).toEqual([]);
    const types = (await audit.records()).map((r) => r.type);
    expect(types).not.toContain('executed');
  });

  it('4c. array-index-like keys: canonical order kept, and a write to one is refused', async () => {
    const tool = defineTool({
      name: 'scores',
      schema: z.record(z.string(), z.number()),
      execute: (input) => input,
    });
    const untouched = createAuthorizer({ agent: 'a', policy: () => ({ type: 'allow' }) });
    const ok = await untouched.call(tool, '{"b":1,"10":2,"2":3,"a":4}');
    expect(ok).toMatchObject({
      status: 'executed',
      argsCanonicalJson: '{"10":2,"2":3,"a":4,"b":1}',
    });
    const mutating = createAuthorizer({
      agent: 'a',
      policy: ({ parsedArguments }) => {
        (parsedArguments as Record<string, number>)['10'] = 5;
        return { type: 'allow' };
      },
    });
    expect(await mutating.call(tool, '{"b":1,"10":2,"2":3}')).toMatchObject({
      status: 'denied',
      reason: 'policy_error',
    });
  });

  it('4b. adding a non-JSON value during policy is refused too', async () => {
    const { authorizer, tool, executed } = setup({
      policy: ({ parsedArguments }) => {
        (parsedArguments as Record<string, unknown>).when = new Date();
        return { type: 'allow' };
      },
    });
    const outcome = await authorizer.call(tool, args(5));
    expect(outcome).toMatchObject({ status: 'denied', reason: 'policy_error' });
    expect(executed).toEqual([]);
  });

  it('5. a tool mutating its own input changes neither the audit record nor the proposal', async () => {
    const { authorizer, tool, audit, approvals } = setup({ refund: { mutate: true } });
    const first = await authorizer.call(tool, args(50_000));
    expect(first.status).toBe('suspended');
    if (first.status !== 'suspended') return;
    await approvals.decide(first.proposal.proposalHash, { decision: 'approve', approver: 'ann' });
    const run = await authorizer.call(tool, args(50_000));
    expect(run.status).toBe('executed');
    const executedRecord = (await audit.records()).find((r) => r.type === 'executed');
    expect(executedRecord?.argsCanonicalJson).toBe(
      '{"amount":50000,"currency":"EUR","orderId":"ord_1"}',
    );
    const stored = await approvals.getProposal(first.proposal.id);
    expect(stored?.argsCanonicalJson).toBe(first.proposal.argsCanonicalJson);
    expect(stored?.parsedArguments).toEqual({ amount: 50000, currency: 'EUR', orderId: 'ord_1' });
    expect(first.proposal.parsedArguments).toEqual({
      amount: 50000,
      currency: 'EUR',
      orderId: 'ord_1',
    });
  });

  it.each([
    ['Date', () => new Date(0), 'date_object'],
    ['Map', () => new Map(), 'map_object'],
    ['class instance', () => new (class Refund {})(), 'class_instance'],
    ['-0', () => -0, 'negative_zero'],
    ['undefined', () => undefined, 'undefined_value'],
  ])(
    '6. schema output outside the strict domain (%s) is invalid at stage snapshot',
    async (_n, make, code) => {
      let policyCalls = 0;
      let runs = 0;
      const { approvals, audit } = setup();
      const tool = defineTool({
        name: 'refund',
        schema: z.object({ amount: z.number() }).transform((v) => ({ ...v, extra: make() })),
        execute: () => {
          runs++;
        },
      });
      const authorizer = createAuthorizer({
        agent: 'a',
        approvals,
        audit,
        policy: () => {
          policyCalls++;
          return { type: 'require_approval', reason: 'x' };
        },
      });
      const outcome = await authorizer.call(tool, '{"amount":1}');
      expect(outcome.status).toBe('invalid');
      if (outcome.status !== 'invalid') return;
      expect(outcome.error.stage).toBe('snapshot');
      expect(outcome.error.code).toBe(code);
      expect(outcome.error.path).toBe('/extra');
      expect(policyCalls).toBe(0);
      expect(runs).toBe(0);
      expect(await approvals.listProposals()).toEqual([]);
      const records = await audit.records();
      expect(records.map((r) => r.type)).toEqual(['invalid']);
    },
  );
});
