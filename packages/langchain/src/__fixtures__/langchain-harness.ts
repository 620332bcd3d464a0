import type {
  AdapterHarness,
  AdapterSession,
  AdapterSessionInit,
  HarnessJson,
  HarnessModelResult,
  HarnessRunOutcome,
  ScriptedTurn as SuiteTurn,
} from '@argseal/test-kit';
import { ScriptedChatModel, type ScriptedTurn } from '@argseal/test-kit/models/langchain';
import { AIMessage, type BaseMessage, ToolMessage } from '@langchain/core/messages';
import { Command, MemorySaver } from '@langchain/langgraph';
import { createAgent } from 'langchain';
import { argsealMiddleware } from '../middleware.js';
import { getApprovalRequest } from '../resume.js';

let threads = 0;

/**
 * Conformance harness: a createAgent with the argseal middleware and a scripted model,
 * a MemorySaver, one thread per session. `resume` continues from the checkpoint where
 * the run paused (so resuming twice replays the same stored state) with LangChain's
 * own approval signal, `{ decisions: [{ type: 'approve' }] }`: a client claim without
 * proposal hash, which the middleware refuses; only a grant in the store executes.
 */
export function langchainHarness(mode: 'invoke' | 'stream'): AdapterHarness {
  return {
    createSession(init: AdapterSessionInit): AdapterSession {
      const turns: ScriptedTurn[] = [];
      const model = new ScriptedChatModel(turns);
      const checkpointer = new MemorySaver();
      const agent = createAgent({
        model,
        middleware: [
          argsealMiddleware({
            authorizer: init.authorizer,
            tools: init.tools,
            context: () => init.context,
          }),
        ],
        checkpointer,
      });
      threads += 1;
      const thread = `contract-${mode}-${threads}`;
      let messages: BaseMessage[] = [];
      let pausedAt: string | undefined;
      let pending: string[] = [];

      async function drive(input: unknown, checkpointId?: string): Promise<HarnessRunOutcome> {
        const config = {
          configurable: {
            thread_id: thread,
            ...(checkpointId ? { checkpoint_id: checkpointId } : {}),
          },
        };
        let result: Record<string, unknown>;
        if (mode === 'invoke') {
          result = (await agent.invoke(input as never, config)) as Record<string, unknown>;
        } else {
          let last: Record<string, unknown> = {};
          const stream = await agent.stream(
            input as never,
            {
              ...config,
              streamMode: ['messages', 'values'],
            } as never,
          );
          for await (const [kind, chunk] of stream as AsyncIterable<[string, unknown]>) {
            if (kind === 'values') last = chunk as Record<string, unknown>;
          }
          result = last;
        }
        const state = await agent.graph.getState({ configurable: { thread_id: thread } });
        messages = (state.values as { messages?: BaseMessage[] }).messages ?? [];
        const request =
          getApprovalRequest(result) ??
          getApprovalRequest({ __interrupt__: state.tasks.flatMap((t) => t.interrupts ?? []) });
        if (request) {
          pausedAt = state.config.configurable?.checkpoint_id as string;
          pending = request.proposals.map((p) => p.toolCallId);
          return { status: 'paused', pendingToolCallIds: [...pending] };
        }
        pending = [];
        return { status: 'completed', pendingToolCallIds: [] };
      }

      return {
        async run(turn: SuiteTurn) {
          turns.push({
            toolCalls: turn.calls.map((c) => ({
              id: c.toolCallId,
              name: c.tool,
              args: c.rawArguments,
            })),
          });
          return drive({ messages: [{ role: 'user', content: 'please help' }] });
        },
        async resume(options) {
          const ids = options?.approve ?? pending;
          const claim = { decisions: ids.map(() => ({ type: 'approve' })) };
          return drive(new Command({ resume: claim }), pausedAt);
        },
        async tamperArguments(toolCallId: string, args: HarnessJson) {
          const config = {
            configurable: { thread_id: thread, checkpoint_ns: '', checkpoint_id: pausedAt },
          };
          const state = await agent.graph.getState(config);
          const all = (state.values as { messages: BaseMessage[] }).messages;
          const ai = all.find(
            (m) => AIMessage.isInstance(m) && m.tool_calls?.some((c) => c.id === toolCallId),
          ) as AIMessage;
          const tampered = new AIMessage({
            id: ai.id as string,
            content: ai.content,
            response_metadata: ai.response_metadata,
            tool_calls: (ai.tool_calls ?? []).map((c) =>
              c.id === toolCallId ? { ...c, args: args as Record<string, unknown> } : c,
            ),
          });
          const next = await agent.graph.updateState(config, { messages: [tampered] });
          pausedAt = next.configurable?.checkpoint_id as string;
        },
        historyArguments(toolCallId: string) {
          for (const m of [...messages].reverse()) {
            if (!AIMessage.isInstance(m)) continue;
            const found = m.tool_calls?.find((c) => c.id === toolCallId);
            if (found) return structuredClone(found.args) as HarnessJson;
          }
          return undefined;
        },
        modelResult(toolCallId: string): HarnessModelResult | undefined {
          const reply = [...messages]
            .reverse()
            .find((m) => ToolMessage.isInstance(m) && m.tool_call_id === toolCallId) as
            | ToolMessage
            | undefined;
          if (!reply) return undefined;
          const text =
            typeof reply.content === 'string' ? reply.content : JSON.stringify(reply.content);
          const status = (reply.artifact as { argseal?: { status?: string } } | undefined)?.argseal
            ?.status;
          if (reply.status !== 'error') return { kind: 'output', text };
          return { kind: status === 'denied' ? 'denied' : 'error', text };
        },
      };
    },
  };
}
