import { declareRawTextModel } from '@argseal/core';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';

export interface ScriptedCall {
  toolCallId: string;
  tool: string;
  rawArguments: string;
}

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/**
 * A MockLanguageModelV4 whose first turn proposes `calls` (raw argument text byte
 * for byte), and whose every later turn answers with `finalText`. Declared a raw-text
 * model (`declareRawTextModel`): it hands on its scripted text as is.
 */
export function scriptedModel(calls: readonly ScriptedCall[], finalText = 'done') {
  let turns = 0;
  const firstTurn = () => turns++ === 0 && calls.length > 0;
  return declareRawTextModel(
    new MockLanguageModelV4({
      doGenerate: async () => {
        if (!firstTurn()) {
          return {
            content: [{ type: 'text', text: finalText }],
            finishReason: { unified: 'stop', raw: 'stop' },
            usage,
            warnings: [],
          };
        }
        return {
          content: calls.map((c) => ({
            type: 'tool-call' as const,
            toolCallId: c.toolCallId,
            toolName: c.tool,
            input: c.rawArguments,
          })),
          finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
          usage,
          warnings: [],
        };
      },
      doStream: async () => {
        if (!firstTurn()) {
          return {
            stream: convertArrayToReadableStream([
              { type: 'text-start', id: 't' },
              { type: 'text-delta', id: 't', delta: finalText },
              { type: 'text-end', id: 't' },
              { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
            ] as never[]),
          };
        }
        const parts = calls.flatMap((c) => [
          { type: 'tool-input-start', id: c.toolCallId, toolName: c.tool },
          { type: 'tool-input-delta', id: c.toolCallId, delta: c.rawArguments },
          { type: 'tool-input-end', id: c.toolCallId },
          { type: 'tool-call', toolCallId: c.toolCallId, toolName: c.tool, input: c.rawArguments },
        ]);
        return {
          stream: convertArrayToReadableStream([
            ...parts,
            { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage },
          ] as never[]),
        };
      },
    }),
  );
}
