import {
  agentsModel,
  type DriverOutcome,
  type RealProviderDriver,
  settle,
} from '@argseal/test-kit/providers';
import { Agent, RunState, tool } from '@openai/agents';
import { RAW_TEXT_PATHS } from '../raw-text-paths.js';
import { createAgentsSeal } from '../seal.js';
import { runAgent } from './harness.js';

/** Drives `@argseal/openai-agents` (and the bare SDK, unsealed) with its OpenAI models. */
export const agentsDriver: RealProviderDriver = {
  adapter: 'openai-agents',
  targets: [
    { provider: '@openai/agents', api: 'openai-responses' },
    { provider: '@openai/agents', api: 'openai-chat' },
    { provider: 'aisdk(@ai-sdk/google)', api: 'gemini' },
    { provider: 'aisdk(@ai-sdk/anthropic)', api: 'anthropic-messages' },
    { provider: 'aisdk(@ai-sdk/openai)', api: 'openai-chat' },
  ],
  rawTextPaths: RAW_TEXT_PATHS,
  modes: ['generate', 'stream'],
  session(init) {
    const model = agentsModel(init);
    const { plain } = init;
    const base = new Agent({ name: 'real-provider', instructions: 'test', model });
    const agent =
      init.wiring === 'unsealed'
        ? base.clone({
            tools: [
              tool({
                name: plain.name,
                description: plain.description,
                parameters: plain.schema as never,
                execute: (args, _ctx, details) => plain.execute(args, details?.toolCall?.callId),
              }),
            ],
          })
        : createAgentsSeal({ authorizer: init.authorizer, context: () => init.context }).agent(
            base,
            { tools: [init.tool] },
          );
    let pausedText: string | undefined;
    const drive = (input: string | RunState<any, any>): Promise<DriverOutcome> =>
      settle(async () => {
        const result = await runAgent(agent, input, init.mode);
        if ((result.interruptions ?? []).length === 0) return 'completed';
        pausedText = result.state.toString();
        return 'paused';
      });
    let stored: string | undefined;
    return {
      async run() {
        const outcome = await drive('pay acct_1');
        stored = pausedText;
        return outcome;
      },
      async resume() {
        if (stored === undefined) return { status: 'failed', error: new Error('not paused') };
        const state = await RunState.fromString(agent, stored);
        for (const item of state.getInterruptions()) state.approve(item);
        return drive(state);
      },
    };
  },
};
