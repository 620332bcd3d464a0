import {
  type ScriptedCall,
  ScriptedChatModel,
  type ScriptedTurn,
} from '@argseal/test-kit/models/langchain';
import { MemorySaver } from '@langchain/langgraph';
import { createAgent } from 'langchain';
import { argsealMiddleware } from '../middleware.js';
import type { supportWorld } from './support-world.js';

export type World = ReturnType<typeof supportWorld>;

/** An agent over the support world with a scripted model; share `checkpointer` to resume elsewhere. */
export function supportAgent(
  world: World,
  turns: readonly ScriptedTurn[],
  checkpointer = new MemorySaver(),
) {
  const model = new ScriptedChatModel(turns);
  const agent = createAgent({
    model,
    middleware: [argsealMiddleware({ authorizer: world.authorizer, tools: world.allTools })],
    checkpointer,
  });
  return { agent, model, checkpointer };
}

export const USER = { userId: 'u-1' };

export function runConfig(thread: string) {
  return { configurable: { thread_id: thread }, context: USER };
}

export function call(id: string, name: string, args: string): ScriptedCall {
  return { id, name, args };
}
