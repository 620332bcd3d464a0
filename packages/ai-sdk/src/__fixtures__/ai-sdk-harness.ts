import type {
  AdapterHarness,
  AdapterSession,
  HarnessJson,
  HarnessModelResult,
  HarnessRunOutcome,
} from '@argseal/test-kit';
import { generateText, type ModelMessage, stepCountIs, streamText } from 'ai';
import { sealTools } from '../index.js';
import { scriptedModel } from './scripted-model.js';

type Part = { type: string; [key: string]: any };
export type Mode = 'generate' | 'stream';

function parts(messages: readonly ModelMessage[], role: 'assistant' | 'tool'): Part[] {
  return messages
    .filter((m) => m.role === role && Array.isArray(m.content))
    .flatMap((m) => m.content as Part[]);
}

/** Tool-call ids with an approval request (not automatic) and no tool result yet. */
export function pendingApprovals(messages: readonly ModelMessage[]): Part[] {
  const resolved = new Set(
    parts(messages, 'tool')
      .filter((p) => p.type === 'tool-result')
      .map((p) => p.toolCallId),
  );
  return parts(messages, 'assistant').filter(
    (p) =>
      p.type === 'tool-approval-request' && p.isAutomatic !== true && !resolved.has(p.toolCallId),
  );
}

export async function runOnce(
  mode: Mode,
  settings: object,
  messages: ModelMessage[],
): Promise<ModelMessage[]> {
  const common = { ...settings, messages, stopWhen: stepCountIs(5) } as Parameters<
    typeof generateText
  >[0];
  if (mode === 'generate') {
    const result = await generateText(common);
    return result.responseMessages as ModelMessage[];
  }
  const result = streamText(common as Parameters<typeof streamText>[0]);
  await result.consumeStream();
  return (await result.responseMessages) as ModelMessage[];
}

function classify(output: Part): HarnessModelResult {
  const text = JSON.stringify(output);
  if (output.type === 'execution-denied') return { kind: 'denied', text };
  if (output.type === 'error-text' || output.type === 'error-json') return { kind: 'error', text };
  return { kind: 'output', text };
}

/** The conformance harness for `@argseal/ai-sdk` (generateText or streamText). */
export function aiSdkHarness(mode: Mode): AdapterHarness {
  return {
    createSession(init): AdapterSession {
      const sealed = sealTools(init.tools, { authorizer: init.authorizer, context: init.context });
      let paused: ModelMessage[] = [];
      let history: ModelMessage[] = [];
      let model = scriptedModel([]);
      const outcome = (): HarnessRunOutcome => {
        const pending = pendingApprovals(history).map((p) => p.toolCallId as string);
        return { status: pending.length > 0 ? 'paused' : 'completed', pendingToolCallIds: pending };
      };
      return {
        async run(turn) {
          model = scriptedModel(turn.calls);
          const start: ModelMessage[] = [{ role: 'user', content: 'please help' }];
          history = [...start, ...(await runOnce(mode, sealed.settings(model), start))];
          paused = structuredClone(history);
          return outcome();
        },
        async resume(options) {
          const wanted = new Set(
            options?.approve ?? pendingApprovals(paused).map((p) => p.toolCallId),
          );
          const responses = pendingApprovals(paused)
            .filter((p) => wanted.has(p.toolCallId))
            .map((p) => ({
              type: 'tool-approval-response' as const,
              approvalId: p.approvalId,
              approved: true,
            }));
          const messages: ModelMessage[] = [
            ...structuredClone(paused),
            { role: 'tool', content: responses },
          ];
          history = [...messages, ...(await runOnce(mode, sealed.settings(model), messages))];
          return outcome();
        },
        tamperArguments(toolCallId, args) {
          for (const part of parts(paused, 'assistant')) {
            if (part.type === 'tool-call' && part.toolCallId === toolCallId)
              part.input = structuredClone(args);
          }
        },
        historyArguments(toolCallId) {
          const call = parts(history, 'assistant')
            .filter((p) => p.type === 'tool-call' && p.toolCallId === toolCallId)
            .at(-1);
          return call === undefined ? undefined : (structuredClone(call.input) as HarnessJson);
        },
        modelResult(toolCallId) {
          const result = parts(history, 'tool')
            .filter((p) => p.type === 'tool-result' && p.toolCallId === toolCallId)
            .at(-1);
          return result === undefined ? undefined : classify(result.output);
        },
      };
    },
  };
}
