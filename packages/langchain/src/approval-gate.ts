import { type Attempt, type PendingCall, type Refusal, toRefusal } from '@argseal/core/kit';
import { AIMessage, type BaseMessage, ToolMessage } from '@langchain/core/messages';
import { awaitDecisions } from './approval-loop.js';
import { rebuildAiMessage } from './history.js';
import { currentConfig, threadOf } from './host.js';
import type { CallMark } from './mark.js';
import type { LangChainRuntime } from './options.js';
import { refusalMessage } from './output.js';
import { resolveCall } from './resolve-call.js';

export interface AfterModelUpdate {
  messages: BaseMessage[];
  jumpTo?: 'model';
}

/**
 * The afterModel hook: `check` (policy once, a non-consuming look at the store) for every
 * unanswered call of the last AI message; refused calls are answered with error
 * ToolMessages; calls needing approval pause together in one LangGraph `interrupt`, and
 * the resume decisions are applied (an edit is a new attempt that `supersedes` the
 * original proposal). Allowed attempts are handed to the tool seam, which consumes the
 * grant. LangGraph re-runs this hook on each resume: each run re-prepares from history
 * as a resume of the recorded proposal hash.
 */
export async function sealedAfterModel<Context>(
  rt: LangChainRuntime<Context>,
  passthrough: ReadonlySet<string>,
  messages: readonly BaseMessage[],
): Promise<AfterModelUpdate | undefined> {
  const last = [...messages].reverse().find((m) => AIMessage.isInstance(m)) as
    | AIMessage
    | undefined;
  const answered = new Set(messages.filter(ToolMessage.isInstance).map((m) => m.tool_call_id));
  const pending = (last?.tool_calls ?? []).filter((c) => c.id && !answered.has(c.id));
  if (!last || pending.length === 0) return undefined;
  const config = currentConfig();
  const context = await rt.context(config);
  const thread = threadOf(config);
  const refused: [id: string, name: string, refusal: Refusal][] = [];
  const allowed = new Map<string, Attempt>();
  const suspended: PendingCall[] = [];
  for (const call of pending) {
    const r = await resolveCall(rt, passthrough, call, messages, thread, context);
    const id = call.id as string;
    if (r.kind === 'passthrough') continue;
    if (r.kind === 'refused') {
      refused.push([id, call.name, r.refusal]);
      continue;
    }
    const checked = await r.attempt.check();
    if (checked.type === 'suspended') {
      suspended.push({ toolCallId: id, attempt: r.attempt, proposal: checked.proposal });
    } else if (checked.type === 'deny') {
      refused.push([id, call.name, toRefusal(checked, { tool: call.name, toolCallId: id })]);
    } else allowed.set(id, r.attempt);
  }
  const edits: Attempt[] = [];
  if (suspended.length > 0) {
    const decisions = await awaitDecisions(rt, suspended, context);
    for (const [id, outcome] of await rt.applyDecisions(decisions, { context })) {
      if (outcome.kind === 'refused')
        refused.push([id, outcome.refusal.tool ?? '', outcome.refusal]);
      else allowed.set(id, outcome.attempt);
      if (outcome.kind === 'edited') edits.push(outcome.attempt);
    }
  }
  for (const attempt of allowed.values()) rt.put(attempt, thread);
  const update: BaseMessage[] = [];
  if (edits.length > 0) {
    const marks: Record<string, CallMark> = {};
    for (const a of edits) {
      marks[a.toolCallId] = {
        status: 'prepared',
        tool: a.tool.name,
        proposalHash: a.proposalHash,
        ...(a.supersedes !== undefined ? { supersedes: a.supersedes } : {}),
      };
    }
    const calls = edits.map((a) => ({
      id: a.toolCallId,
      name: a.tool.name,
      text: a.historyArguments,
    }));
    update.push(rebuildAiMessage(last, calls, marks, rt.decode));
  }
  for (const [id, name, refusal] of refused) update.push(refusalMessage({ id, name }, refusal));
  if (update.length === 0) return undefined;
  const allAnswered = refused.length === pending.length;
  return { messages: update, ...(allAnswered ? { jumpTo: 'model' as const } : {}) };
}
