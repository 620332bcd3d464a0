import { createAuthorizer, createMemoryApprovalStore, defineTool } from '@argseal/core';
import {
  Agent,
  defineToolInputGuardrail,
  type MCPServer,
  RunState,
  run,
  ToolGuardrailFunctionOutputFactory,
} from '@openai/agents';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { functionCall, ScriptedModel, throughModelSeam } from './__fixtures__/scripted-model.js';
import { supportWorld } from './__fixtures__/world.js';
import { ArgsealAgentsError } from './errors.js';
import { createAgentsSeal } from './seal.js';
import { tool } from './sealable-tool.js';

type Ctx = { role: 'admin' | 'user'; user: string };

/** Refunds: an admin may refund directly, anyone else needs a human approval. */
function roleWorld() {
  const executions: { input: unknown; user: unknown }[] = [];
  const approvals = createMemoryApprovalStore();
  const authorizer = createAuthorizer<Ctx>({
    agent: 'support',
    policy: ({ context }) =>
      context?.role === 'admin'
        ? { type: 'allow' }
        : { type: 'require_approval', reason: 'refunds need a human' },
    approvals,
  });
  return { executions, approvals, authorizer };
}

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    return ArgsealAgentsError.isInstance(e) ? e.code : `not-argseal:${String(e)}`;
  }
  return undefined;
}

const RAW = '{"amount":25000,"orderId":"o-1"}';

describe('attack: a policy decision of one run reused by another run', () => {
  it('an allow checked for an admin run is never reused by a user run with the same call id', async () => {
    const w = roleWorld();
    let guardrailCalls = 0;
    // A guardrail that rejects the first call it sees (a rate limiter, say): the admin run's
    // needsApproval decided "allow", but invoke never ran.
    const rateLimit = defineToolInputGuardrail({
      name: 'rate-limit',
      run: async () => {
        guardrailCalls += 1;
        return guardrailCalls === 1
          ? ToolGuardrailFunctionOutputFactory.rejectContent('slow down')
          : ToolGuardrailFunctionOutputFactory.allow();
      },
    });
    const refund = tool({
      name: 'refund',
      description: 'refund',
      parameters: z.object({ orderId: z.string(), amount: z.number() }),
      inputGuardrails: [rateLimit],
      execute: async (input, rc) => {
        w.executions.push({ input, user: (rc?.context as Ctx | undefined)?.user });
        return 'refunded';
      },
    });
    const seal = createAgentsSeal<Ctx>({ authorizer: w.authorizer });
    const model = new ScriptedModel();
    const agent = seal.agent(new Agent({ name: 'support', model, tools: [refund] }));

    // 1. The user's run pauses for approval (guardrails run after the approval gate).
    model.enqueue([functionCall('call_0', 'refund', RAW)]);
    const userRun = await run(agent, 'refund', { context: { role: 'user', user: 'mallory' } });
    expect(userRun.interruptions).toHaveLength(1);
    const userText = userRun.state.toString();

    // 2. An admin run in the same process calls the same tool with the same call id and
    //    arguments: allowed by policy, then rejected by the guardrail before invoke.
    model.enqueue([functionCall('call_0', 'refund', RAW)]);
    await run(agent, 'refund', { context: { role: 'admin', user: 'root' } });
    expect(w.executions).toHaveLength(0);

    // 3. The user resumes with a client-side approval mark and no grant in the store.
    const state = await RunState.fromString(agent, userText);
    state.approve(state.getInterruptions()[0]!);
    const resumed = await run(agent, state);
    expect(w.executions).toEqual([]);
    const out = resumed.history.find((i) => i.type === 'function_call_result') as {
      output: { text: string };
    };
    expect(out.output.text).toContain('code=approval_required');
  });
});

describe('attack: concurrent runs sharing a tool call id', () => {
  it('an SDK-style tool always sees the run context and details of its own run', async () => {
    const seen: { user: unknown; callUser: unknown; detailsCallId: unknown }[] = [];
    // The policy waits until both invocations are inside the pipeline.
    let arrived = 0;
    let release!: () => void;
    const bothIn = new Promise<void>((resolve) => {
      release = resolve;
    });
    const authorizer = createAuthorizer<Ctx>({
      agent: 'support',
      policy: async () => {
        arrived += 1;
        if (arrived === 2) release();
        await bothIn;
        return { type: 'allow' };
      },
    });
    const whoami = tool({
      name: 'whoami',
      description: 'who am I',
      parameters: z.object({ user: z.string() }),
      execute: async (input, rc, details) => {
        seen.push({
          user: (rc?.context as Ctx | undefined)?.user,
          callUser: input.user,
          detailsCallId: details?.toolCall?.arguments,
        });
        return 'ok';
      },
    });
    const sealed = createAgentsSeal<Ctx>({ authorizer }).tool(whoami);
    const invokeAs = (user: string) => {
      const raw = JSON.stringify({ user });
      const rc = { context: { role: 'user', user } } as never;
      return sealed.invoke(rc, raw, { toolCall: functionCall('call_0', 'whoami', raw) });
    };
    await Promise.all([invokeAs('alice'), invokeAs('bob')]);
    expect(seen).toHaveLength(2);
    for (const s of seen) {
      expect(s.user).toBe(s.callUser);
      expect(s.detailsCallId).toBe(JSON.stringify({ user: s.callUser }));
    }
  });

  it('one SDK-style tool serves several agents of one seal', () => {
    const authorizer = createAuthorizer({ agent: 'a', policy: () => ({ type: 'allow' }) });
    const seal = createAgentsSeal({ authorizer });
    const t = tool({
      name: 'ping',
      description: 'ping',
      parameters: z.object({}),
      execute: async () => 'pong',
    });
    const a = seal.agent(new Agent({ name: 'a', model: new ScriptedModel(), tools: [t] }));
    const b = seal.agent(new Agent({ name: 'b', model: new ScriptedModel(), tools: [t] }));
    expect(a.tools[0]).toBe(b.tools[0]);
  });

  it('a tool sealed by another seal is refused', () => {
    const authorizer = createAuthorizer({ agent: 'a', policy: () => ({ type: 'allow' }) });
    const t = defineTool({ name: 'same', schema: z.object({}), execute: () => 1 });
    const foreign = createAgentsSeal({ authorizer }).tool(t);
    const seal = createAgentsSeal({ authorizer });
    seal.tool(t);
    expect(codeOf(() => seal.agent(new Agent({ name: 'x', tools: [foreign] })))).toBe(
      'unsealable_tool',
    );
  });
});

describe('attack: needsApproval after a failed attempt under the same call id', () => {
  it('a valid call that needs approval is gated even after an invalid one used its id', async () => {
    const w = roleWorld();
    const refund = defineTool({
      name: 'refund',
      schema: z.object({ orderId: z.string(), amount: z.number() }),
      execute: (input) => {
        w.executions.push({ input, user: undefined });
        return 'refunded';
      },
    });
    const seal = createAgentsSeal<Ctx>({ authorizer: w.authorizer });
    const sealed = seal.tool(refund);
    const rc = { context: { role: 'user', user: 'u' } } as never;
    expect(await sealed.needsApproval(rc, { orderId: 7 } as never, 'c1')).toBe(false);
    await throughModelSeam(seal, [{ id: 'c1', tool: 'refund', raw: RAW }]);
    expect(await sealed.needsApproval(rc, JSON.parse(RAW), 'c1')).toBe(true);
    expect(await w.approvals.listPending()).toHaveLength(1);
    expect(w.executions).toHaveLength(0);
  });
});

function fakeMcpServer(calls: unknown[]): MCPServer {
  return {
    name: 'wire-server',
    cacheToolsList: false,
    connect: async () => {},
    close: async () => {},
    invalidateToolsCache: async () => {},
    listTools: async () => [
      {
        name: 'wire_money',
        description: 'wire money',
        inputSchema: { type: 'object', properties: {}, required: [], additionalProperties: true },
      },
    ],
    callTool: async (_name, args) => {
      calls.push(args);
      return [{ type: 'text', text: 'wired' }];
    },
  } as MCPServer;
}

describe('attack: tools the seal cannot see', () => {
  it('an agent with MCP servers is refused: their tools would run unsealed', () => {
    const authorizer = createAuthorizer({ agent: 'a', policy: () => ({ type: 'allow' }) });
    const seal = createAgentsSeal({ authorizer });
    const agent = new Agent({
      name: 'mcp',
      model: new ScriptedModel(),
      mcpServers: [fakeMcpServer([])],
    });
    expect(codeOf(() => seal.agent(agent))).toBe('unsealable_tool');
  });

  it('tools pushed into the original agent after sealing do not reach the sealed agent', () => {
    const authorizer = createAuthorizer({ agent: 'a', policy: () => ({ type: 'allow' }) });
    const seal = createAgentsSeal({ authorizer });
    const other = seal.agent(new Agent({ name: 'other', model: new ScriptedModel() }));
    const original = new Agent({ name: 'parent', model: new ScriptedModel(), handoffs: [other] });
    const sealed = seal.agent(original);
    original.handoffs.push(new Agent({ name: 'unsealed', model: new ScriptedModel() }));
    expect(sealed.handoffs).toHaveLength(1);
  });
});

describe('pinned: RunState edits and odd inputs never change what runs', () => {
  it('approving one interruption and swapping call ids in the text runs only the approved call, once', async () => {
    const w = supportWorld([
      [
        functionCall('c-a', 'refund', '{"amount":20000,"orderId":"o-1"}'),
        functionCall('c-b', 'refund', '{"amount":90000,"orderId":"o-2"}'),
      ],
    ]);
    const first = await run(w.agent, 'go');
    expect(first.interruptions).toHaveLength(2);
    const state = await RunState.fromString(w.agent, first.state.toString());
    await w.seal.approve(state, 'c-a', { approver: 'alice' });
    // Swap the two calls' ids (and argument texts stay where they are) everywhere.
    const swapped = state
      .toString()
      .replaceAll('c-a', 'c-TMP')
      .replaceAll('c-b', 'c-a')
      .replaceAll('c-TMP', 'c-b');
    const edited = await RunState.fromString(w.agent, swapped);
    for (const item of edited.getInterruptions()) edited.approve(item); // client claims
    await run(w.agent, edited);
    expect(w.executions.map((e) => e.input)).toEqual([{ amount: 20000, orderId: 'o-1' }]);
    // Replaying the approved text again runs nothing more.
    await run(w.agent, await RunState.fromString(w.agent, state.toString()));
    expect(w.executions).toHaveLength(1);
  });

  it('prototype keys are data: the policy still sees the real amount', async () => {
    const raw = '{"__proto__":{"amount":1},"amount":25000,"constructor":{},"orderId":"o-1"}';
    const w = supportWorld([[functionCall('c1', 'refund', raw)]]);
    const first = await run(w.agent, 'go');
    expect(first.interruptions).toHaveLength(1);
    expect(w.executions).toHaveLength(0);
    const [pending] = await w.seal.pending(first.state);
    expect(pending?.arguments).toEqual({ amount: 25000, orderId: 'o-1' });
    expect(({} as { amount?: unknown }).amount).toBeUndefined();
  });

  it('very deep arguments are refused at decode without a stack overflow or payload', async () => {
    const raw = `{"orderId":${'['.repeat(50_000)}"SECRET"${']'.repeat(50_000)},"amount":1}`;
    const w = supportWorld([[functionCall('c1', 'refund', raw)]]);
    const result = await run(w.agent, 'go');
    expect(w.executions).toHaveLength(0);
    const out = result.history.find((i) => i.type === 'function_call_result') as {
      output: { text: string };
    };
    expect(out.output.text).toContain('argseal refused the call');
    expect(out.output.text).toContain('stage=decode');
    expect(JSON.stringify(result.history)).not.toContain('SECRET');
  });
});
