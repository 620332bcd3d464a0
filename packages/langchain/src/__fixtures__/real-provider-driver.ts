import {
  type DriverOutcome,
  langchainModel,
  type RealProviderDriver,
  settle,
} from '@argseal/test-kit/providers';
import { tool } from '@langchain/core/tools';
import { Command, MemorySaver } from '@langchain/langgraph';
import { createAgent } from 'langchain';
import { argsealMiddleware } from '../middleware.js';
import { RAW_TEXT_PATHS } from '../raw-text-paths.js';
import { getApprovalRequest } from '../resume.js';

let threads = 0;

/**
 * Drives `@argseal/langchain` (createAgent + argsealMiddleware; the bare createAgent with a
 * LangChain tool, unsealed) with ChatOpenAI (both APIs) and ChatAnthropic. Resume continues
 * from the checkpoint where the run paused, with LangChain's own approve decision.
 */
export const langchainDriver: RealProviderDriver = {
  adapter: 'langchain',
  targets: [
    { provider: '@langchain/openai', api: 'openai-chat' },
    { provider: '@langchain/openai', api: 'openai-responses' },
    { provider: '@langchain/anthropic', api: 'anthropic-messages' },
    { provider: '@langchain/google-genai', api: 'gemini' },
    { provider: '@langchain/mistralai', api: 'mistral-chat' },
  ],
  rawTextPaths: RAW_TEXT_PATHS,
  noFetchHook: [{ provider: '@langchain/google-genai', api: 'gemini' }],
  modes: ['generate', 'stream'],
  session(init) {
    const model = langchainModel(init);
    const { plain } = init;
    const checkpointer = new MemorySaver();
    const agent =
      init.wiring === 'unsealed'
        ? createAgent({
            model,
            checkpointer,
            tools: [
              tool((args: unknown, config) => plain.execute(args, config.toolCall?.id), {
                name: plain.name,
                description: plain.description,
                schema: plain.schema as never,
              }),
            ],
          })
        : createAgent({
            model,
            checkpointer,
            middleware: [
              argsealMiddleware({
                authorizer: init.authorizer,
                tools: [init.tool],
                context: () => init.context,
              }),
            ],
          });
    threads += 1;
    const thread = `real-provider-${threads}`;
    let pausedAt: string | undefined;
    const drive = (input: unknown, checkpointId?: string): Promise<DriverOutcome> =>
      settle(async () => {
        const config = {
          configurable: {
            thread_id: thread,
            ...(checkpointId ? { checkpoint_id: checkpointId } : {}),
          },
        };
        if (init.mode === 'generate') await agent.invoke(input as never, config);
        else {
          const stream = await agent.stream(
            input as never,
            { ...config, streamMode: ['messages', 'values'] } as never,
          );
          for await (const _chunk of stream as AsyncIterable<unknown>) {
            // drain
          }
        }
        const state = await agent.graph.getState({ configurable: { thread_id: thread } });
        const request = getApprovalRequest({
          __interrupt__: state.tasks.flatMap((t) => t.interrupts ?? []),
        });
        if (!request) return 'completed';
        pausedAt = state.config.configurable?.checkpoint_id as string;
        return 'paused';
      });
    let stored: string | undefined;
    return {
      async run() {
        const outcome = await drive({ messages: [{ role: 'user', content: 'pay acct_1' }] });
        stored = pausedAt;
        return outcome;
      },
      resume() {
        const claim = { decisions: [{ type: 'approve' }] };
        return drive(new Command({ resume: claim }), stored);
      },
    };
  },
};
