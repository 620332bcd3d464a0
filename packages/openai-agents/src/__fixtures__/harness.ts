import type {
  AdapterHarness,
  AdapterSession,
  AdapterSessionInit,
  HarnessJson,
  HarnessModelResult,
  HarnessRunOutcome,
} from '@argseal/test-kit';
import { Agent, type AgentInputItem, RunState, run, setTracingDisabled } from '@openai/agents';
import { isArgsealRefusal } from '../index.js';
import { createAgentsSeal } from '../seal.js';
import { functionCall, ScriptedModel } from './scripted-model.js';

setTracingDisabled(true);

export type RunMode = 'generate' | 'stream';

/** Runs to completion or interruption; in stream mode drains every event first. */
export async function runAgent(
  agent: Agent<any, any>,
  input: string | RunState<any, any>,
  mode: RunMode,
) {
  if (mode === 'stream') {
    const streamed = await run(agent, input, { stream: true });
    for await (const _event of streamed) {
      // drain
    }
    await streamed.completed;
    return streamed;
  }
  return run(agent, input);
}

/** Array#findLast for an ES2022 lib. */
export function findLast<T>(items: readonly T[], predicate: (item: T) => boolean): T | undefined {
  for (let i = items.length - 1; i >= 0; i--) if (predicate(items[i] as T)) return items[i];
  return undefined;
}

function textOf(output: unknown): string {
  if (typeof output === 'string') return output;
  const o = output as { type?: unknown; text?: unknown } | null;
  if (o && o.type === 'text' && typeof o.text === 'string') return o.text;
  return JSON.stringify(output);
}

/** Replaces the arguments of every function call `toolCallId` inside a RunState text. */
export function tamperStateText(text: string, toolCallId: string, args: HarnessJson): string {
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const child of node) walk(child);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    const o = node as Record<string, unknown>;
    if (o.callId === toolCallId && typeof o.arguments === 'string') {
      o.arguments = JSON.stringify(args);
    }
    for (const child of Object.values(o)) walk(child);
  };
  const json = JSON.parse(text);
  walk(json);
  return JSON.stringify(json);
}

class AgentsSession implements AdapterSession {
  readonly #mode: RunMode;
  readonly #model = new ScriptedModel();
  readonly #agent: Agent<any, any>;
  #history: AgentInputItem[] = [];
  #pausedText: string | undefined;
  #pending: string[] = [];

  constructor(init: AdapterSessionInit, mode: RunMode) {
    this.#mode = mode;
    const seal = createAgentsSeal({
      authorizer: init.authorizer,
      context: () => init.context,
      rewriteContext: init.context,
    });
    const base = new Agent({ name: 'conformance', instructions: 'test', model: this.#model });
    this.#agent = seal.agent(base, { tools: [...init.tools] });
  }

  #record(result: Awaited<ReturnType<typeof runAgent>>): HarnessRunOutcome {
    this.#history = result.history;
    const interruptions = result.interruptions ?? [];
    if (interruptions.length > 0) {
      this.#pausedText = result.state.toString();
      this.#pending = interruptions.map((i) => (i.rawItem as { callId: string }).callId);
      return { status: 'paused', pendingToolCallIds: [...this.#pending] };
    }
    return { status: 'completed', pendingToolCallIds: [] };
  }

  async run(turn: {
    calls: readonly { toolCallId: string; tool: string; rawArguments: string }[];
  }) {
    this.#model.enqueue(turn.calls.map((c) => functionCall(c.toolCallId, c.tool, c.rawArguments)));
    return this.#record(await runAgent(this.#agent, 'help me', this.#mode));
  }

  async resume(options?: { approve?: readonly string[] }) {
    if (this.#pausedText === undefined) throw new Error('nothing to resume');
    const state = await RunState.fromString(this.#agent, this.#pausedText);
    const approve = options?.approve ?? this.#pending;
    for (const item of state.getInterruptions()) {
      if (approve.includes((item.rawItem as { callId: string }).callId)) state.approve(item);
    }
    return this.#record(await runAgent(this.#agent, state, this.#mode));
  }

  tamperArguments(toolCallId: string, args: HarnessJson) {
    if (this.#pausedText === undefined) throw new Error('nothing to tamper with');
    this.#pausedText = tamperStateText(this.#pausedText, toolCallId, args);
  }

  historyArguments(toolCallId: string): HarnessJson | undefined {
    const call = findLast(
      this.#history,
      (i) => i.type === 'function_call' && (i as { callId?: string }).callId === toolCallId,
    ) as { arguments?: string } | undefined;
    if (call?.arguments === undefined) return undefined;
    try {
      return JSON.parse(call.arguments) as HarnessJson;
    } catch {
      return undefined;
    }
  }

  modelResult(toolCallId: string): HarnessModelResult | undefined {
    const result = findLast(
      this.#history,
      (i) => i.type === 'function_call_result' && (i as { callId?: string }).callId === toolCallId,
    ) as { output?: unknown } | undefined;
    if (!result) return undefined;
    const text = textOf(result.output);
    return { kind: isArgsealRefusal(text) ? 'error' : 'output', text };
  }
}

/** The OpenAI Agents harness for the shared adapter conformance suite. */
export function agentsHarness(mode: RunMode): AdapterHarness {
  return { createSession: (init) => new AgentsSession(init, mode) };
}
