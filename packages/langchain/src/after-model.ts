import { decodeCanonical, type PreparedToolCall } from '@argseal/core';
import { AIMessage, type BaseMessage, ToolMessage } from '@langchain/core/messages';
import { type AppliedOutcome, applyDecisions } from './apply-decisions.js';
import { awaitDecisions } from './approval-loop.js';
import { type CallMark, duplicateIds, readMark } from './call-mark.js';
import type { SuspendedItem } from './decisions.js';
import { currentConfig, threadOf } from './exec-env.js';
import { rebuildAiMessage } from './model-seam.js';
import { resolveCall } from './resolve-call.js';
import type { SealEnv } from './seal-env.js';
import { type BlockedDetails, blockedMessage, duplicateDetails } from './tool-output.js';

type AuthDone = {
  call: PreparedToolCall;
  auth: { type: 'allow' } | { type: 'deny'; reason: string };
};

export interface AfterModelUpdate {
  messages: BaseMessage[];
  jumpTo?: 'model';
}

/**
 * The afterModel hook: runs the policy for every unanswered tool call of the last AI
 * message, answers refused calls (invalid, denied, rejected) with error ToolMessages,
 * pauses once for all calls that need approval, applies the resume decisions, and
 * leaves authorized calls for the tool seam. LangGraph re-runs this hook from the
 * start on each resume: every run is a new attempt (pipeline and policy again).
 */
export async function sealedAfterModel<Context>(
  env: SealEnv<Context>,
  messages: readonly BaseMessage[],
): Promise<AfterModelUpdate | undefined> {
  const last = [...messages].reverse().find((m) => AIMessage.isInstance(m)) as
    | AIMessage
    | undefined;
  const calls = last?.tool_calls ?? [];
  if (!last || calls.length === 0) return undefined;
  const answered = new Set(
    messages.filter((m) => ToolMessage.isInstance(m)).map((m) => (m as ToolMessage).tool_call_id),
  );
  const pending = calls.filter((c) => c.id && !answered.has(c.id)) as {
    id: string;
    name: string;
    args: unknown;
  }[];
  if (pending.length === 0) return undefined;

  const config = currentConfig();
  const context = await env.context(config);
  const thread = threadOf(config);
  const marks = readMark(last)?.calls ?? {};
  const blocked = new Map<string, BlockedDetails>();
  const done = new Map<string, AuthDone>();
  const suspended: SuspendedItem[] = [];
  const duplicated = duplicateIds(calls);
  for (const toolCall of pending) {
    if (duplicated.has(toolCall.id)) {
      env.cache.take(thread, toolCall.id);
      blocked.set(toolCall.id, duplicateDetails(toolCall.name));
      continue;
    }
    const r = await resolveCall(env, toolCall, marks[toolCall.id], thread, context);
    if (r.kind === 'passthrough') continue;
    if (r.kind === 'blocked') {
      blocked.set(toolCall.id, r.details);
      continue;
    }
    const auth = await env.authorizer.authorize(r.call, {
      toolCallId: toolCall.id,
      context,
      ...(r.resumeOf ? { resumeOf: r.resumeOf } : {}),
    });
    if (auth.type === 'suspended') {
      suspended.push({ toolCallId: toolCall.id, call: r.call, proposal: auth.proposal });
    } else {
      done.set(toolCall.id, { call: r.call, auth });
    }
  }

  let applied = new Map<string, AppliedOutcome>();
  if (suspended.length > 0) {
    const decisions = await awaitDecisions(env, suspended, context);
    applied = await applyDecisions(env, decisions, context);
  }

  const replies: ToolMessage[] = [];
  const edits = new Map<string, PreparedToolCall>();
  const keep = (id: string, call: PreparedToolCall, auth?: AuthDone['auth']) =>
    env.cache.put(thread, id, {
      kind: 'prepared',
      call,
      ...(auth ? { auth: auth as never } : {}),
    });
  for (const toolCall of pending) {
    const ref = { id: toolCall.id, name: toolCall.name };
    const refusal = blocked.get(toolCall.id);
    const authorized = done.get(toolCall.id);
    const outcome = applied.get(toolCall.id);
    if (refusal) {
      replies.push(blockedMessage(ref, refusal));
    } else if (authorized) {
      if (authorized.auth.type === 'deny') {
        replies.push(
          blockedMessage(ref, {
            status: 'denied',
            tool: toolCall.name,
            proposalHash: authorized.call.proposalHash,
            reason: authorized.auth.reason,
          }),
        );
      } else keep(toolCall.id, authorized.call, authorized.auth);
    } else if (outcome?.kind === 'approved') {
      keep(toolCall.id, outcome.call);
    } else if (outcome?.kind === 'rejected') {
      replies.push(
        blockedMessage(ref, {
          status: 'rejected',
          tool: toolCall.name,
          ...(outcome.reason ? { reason: outcome.reason } : {}),
        }),
      );
    } else if (outcome?.kind === 'edited') {
      edits.set(toolCall.id, outcome.call);
      const name = outcome.call.tool.name;
      if (outcome.auth?.type === 'deny') {
        replies.push(
          blockedMessage(
            { id: toolCall.id, name },
            {
              status: 'denied',
              tool: name,
              proposalHash: outcome.call.proposalHash,
              reason: outcome.auth.reason,
            },
          ),
        );
      } else keep(toolCall.id, outcome.call, outcome.auth);
    }
  }

  const update: BaseMessage[] = [];
  if (edits.size > 0) update.push(rebuildWithEdits(last, edits, marks));
  update.push(...replies);
  if (update.length === 0) return undefined;
  const answeredNow = new Set(replies.map((m) => m.tool_call_id));
  const allAnswered = pending.every((c) => answeredNow.has(c.id));
  return { messages: update, ...(allAnswered ? { jumpTo: 'model' as const } : {}) };
}

function rebuildWithEdits(
  last: AIMessage,
  edits: ReadonlyMap<string, PreparedToolCall>,
  previous: Record<string, CallMark>,
): AIMessage {
  const marks: Record<string, CallMark> = {};
  const canonical = new Map<string, string>();
  const names = new Map<string, string>();
  const toolCalls = (last.tool_calls ?? []).map((c) => {
    const edited = c.id === undefined ? undefined : edits.get(c.id);
    if (!edited || c.id === undefined) return c;
    const before = previous[c.id];
    marks[c.id] = {
      status: 'prepared',
      tool: edited.tool.name,
      proposalHash: edited.proposalHash,
      ...(before?.status === 'prepared' ? { supersedes: before.proposalHash } : {}),
    };
    canonical.set(c.id, edited.argsCanonicalJson);
    names.set(c.id, edited.tool.name);
    return {
      ...c,
      name: edited.tool.name,
      args: decodeCanonical(edited.argsCanonicalJson) as never,
    };
  });
  return rebuildAiMessage(last, toolCalls, marks, canonical, names);
}
