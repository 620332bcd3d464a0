import {
  aiSdkModel,
  type DriverOutcome,
  type RealProviderDriver,
  settle,
} from '@argseal/test-kit/providers';
import { generateText, type ModelMessage, stepCountIs, streamText, tool } from 'ai';
import { sealTools } from '../index.js';
import { RAW_TEXT_PATHS } from '../raw-text-paths.js';
import { pendingApprovals } from './ai-sdk-harness.js';

type Settings = Record<string, unknown>;

async function step(mode: string, settings: Settings, messages: ModelMessage[]) {
  const options = { ...settings, messages, stopWhen: stepCountIs(5), maxRetries: 0 } as Parameters<
    typeof generateText
  >[0];
  if (mode === 'generate') return (await generateText(options)).responseMessages as ModelMessage[];
  const result = streamText({ ...options, onError: () => {} } as Parameters<typeof streamText>[0]);
  for await (const part of result.fullStream) if (part.type === 'error') throw part.error;
  return (await result.responseMessages) as ModelMessage[];
}

/** Drives `@argseal/ai-sdk` (and the bare AI SDK, unsealed) with the real provider packages. */
export const aiSdkDriver: RealProviderDriver = {
  adapter: 'ai-sdk',
  targets: [
    { provider: '@ai-sdk/openai', api: 'openai-chat' },
    { provider: '@ai-sdk/openai', api: 'openai-responses' },
    { provider: '@ai-sdk/anthropic', api: 'anthropic-messages' },
    { provider: '@ai-sdk/anthropic', api: 'anthropic-start-input' },
    { provider: '@ai-sdk/google', api: 'gemini' },
    { provider: '@ai-sdk/mistral', api: 'mistral-chat' },
    { provider: '@ai-sdk/openai-compatible', api: 'openai-chat' },
  ],
  rawTextPaths: RAW_TEXT_PATHS,
  modes: ['generate', 'stream'],
  session(init) {
    const model = aiSdkModel(init);
    const { plain } = init;
    const settings: Settings =
      init.wiring === 'unsealed'
        ? {
            model,
            tools: {
              [plain.name]: tool({
                description: plain.description,
                inputSchema: plain.schema as never,
                execute: (args: unknown, { toolCallId }) => plain.execute(args, toolCallId),
              }),
            },
          }
        : sealTools([init.tool], { authorizer: init.authorizer, context: init.context }).settings(
            model,
          );
    let paused: ModelMessage[] = [];
    const drive = (messages: ModelMessage[]): Promise<DriverOutcome> =>
      settle(async () => {
        const history = [...messages, ...(await step(init.mode, settings, messages))];
        paused = structuredClone(history);
        return pendingApprovals(history).length > 0 ? 'paused' : 'completed';
      });
    let stored: ModelMessage[] = [];
    return {
      async run() {
        const outcome = await drive([{ role: 'user', content: 'pay acct_1' }]);
        stored = paused;
        return outcome;
      },
      resume() {
        const responses = pendingApprovals(stored).map((p) => ({
          type: 'tool-approval-response' as const,
          approvalId: p.approvalId,
          approved: true,
        }));
        return drive([...structuredClone(stored), { role: 'tool', content: responses }]);
      },
    };
  },
};
