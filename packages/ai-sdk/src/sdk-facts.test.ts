/**
 * Facts about `ai` that @argseal/ai-sdk relies on, pinned against the installed
 * version (no argseal involved). If one fails after an upgrade, revisit the seam.
 */
import {
  generateText,
  jsonSchema,
  type ModelMessage,
  stepCountIs,
  tool,
  wrapLanguageModel,
} from 'ai';
import { describe, expect, it } from 'vitest';
import { scriptedModel } from './__fixtures__/scripted-model.js';

const call = { toolCallId: 'f1', tool: 'echo', rawArguments: '{"b":1,"a":2}' };

function echoTool(onExecute: (input: unknown) => void) {
  return tool({
    inputSchema: jsonSchema<Record<string, unknown>>({
      type: 'object',
      properties: { x: { type: 'string' } },
    }),
    execute: async (input) => {
      onExecute(input);
      return 'ok';
    },
  });
}

describe('ai SDK facts', () => {
  it('jsonSchema() without validate does not check the input (pass-through)', async () => {
    const seen: unknown[] = [];
    await generateText({
      model: scriptedModel([call]),
      tools: { echo: echoTool((i) => seen.push(i)) },
      prompt: 'x',
      stopWhen: stepCountIs(3),
    });
    expect(seen).toEqual([{ b: 1, a: 2 }]);
  });

  it('execute receives the very object that sits in history', async () => {
    let executedWith: Record<string, unknown> | undefined;
    const result = await generateText({
      model: scriptedModel([call]),
      tools: {
        echo: echoTool((i) => {
          executedWith = i as Record<string, unknown>;
          executedWith.mutated = true;
        }),
      },
      prompt: 'x',
      stopWhen: stepCountIs(3),
    });
    const historyCall = result.steps[0]?.toolCalls[0];
    expect(historyCall?.input).toBe(executedWith);
    expect(historyCall?.input).toMatchObject({ mutated: true });
  });

  it('a middleware replacing tool-call input text changes history; non-JSON text is never executed', async () => {
    const seen: unknown[] = [];
    const model = wrapLanguageModel({
      model: scriptedModel([call, { toolCallId: 'f2', tool: 'echo', rawArguments: '{"x":"y"}' }]),
      middleware: {
        wrapGenerate: async ({ doGenerate }) => {
          const r = await doGenerate();
          return {
            ...r,
            content: r.content.map((p) =>
              p.type === 'tool-call'
                ? { ...p, input: p.toolCallId === 'f1' ? '{"a":2,"b":1}' : 'not json' }
                : p,
            ),
          };
        },
      },
    });
    const result = await generateText({
      model,
      tools: { echo: echoTool((i) => seen.push(i)) },
      prompt: 'x',
      stopWhen: stepCountIs(3),
    });
    expect(seen).toEqual([{ a: 2, b: 1 }]);
    const toolParts = result.responseMessages
      .filter((m) => m.role === 'tool')
      .flatMap(
        (m) => m.content as { toolCallId: string; output: { type: string; value: string } }[],
      );
    const f2 = toolParts.find((p) => p.toolCallId === 'f2');
    expect(f2?.output.type).toBe('error-text');
    expect(f2?.output.value).toContain('not json');
  });

  it("on resume, toolApproval answering anything but 'denied' counts as approved", async () => {
    const seen: unknown[] = [];
    const tools = { echo: echoTool((i) => seen.push(i)) };
    const first = await generateText({
      model: scriptedModel([call]),
      tools,
      toolApproval: () => 'user-approval',
      prompt: 'x',
    });
    expect(seen).toHaveLength(0);
    const request = first.content.find((p) => p.type === 'tool-approval-request');
    const messages: ModelMessage[] = [
      { role: 'user', content: 'x' },
      ...first.responseMessages,
      {
        role: 'tool',
        content: [
          { type: 'tool-approval-response', approvalId: request?.approvalId ?? '', approved: true },
        ],
      },
    ];
    await generateText({
      model: scriptedModel([]),
      tools,
      toolApproval: () => 'user-approval',
      messages,
    });
    expect(seen).toHaveLength(1);
    seen.length = 0;
    const denied = await generateText({
      model: scriptedModel([]),
      tools,
      toolApproval: () => ({ type: 'denied', reason: 'no grant' }),
      messages,
    });
    expect(seen).toHaveLength(0);
    expect(JSON.stringify(denied.responseMessages)).toContain('no grant');
  });
});
