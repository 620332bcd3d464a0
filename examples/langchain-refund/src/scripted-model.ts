import { declareRawTextModel } from '@argseal/core';
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, type BaseMessage, defaultToolCallParser } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';

/** One tool call with the provider's raw argument text, byte for byte. */
interface ScriptedCall {
  id: string;
  name: string;
  args: string;
}

export interface ScriptedTurn {
  content?: string;
  toolCalls?: ScriptedCall[];
}

/**
 * An offline tool-calling chat model shaped like an OpenAI response: the raw argument
 * text sits in `additional_kwargs.tool_calls`, and `tool_calls` holds LangChain's
 * `JSON.parse` of it. It plays turn N when the conversation holds N AI messages, so a
 * resumed run (even in a new agent instance) continues the script.
 */
export class ScriptedChatModel extends BaseChatModel {
  constructor(private readonly turns: readonly ScriptedTurn[]) {
    super({});
    // it hands on its scripted argument text as is: a raw-text model for argseal
    declareRawTextModel(this);
  }

  _llmType(): string {
    return 'scripted-offline';
  }

  override bindTools(): this {
    return this;
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const turn = this.turns[messages.filter((m) => AIMessage.isInstance(m)).length] ?? {
      content: 'Done.',
    };
    const raw = (turn.toolCalls ?? []).map((c) => ({
      id: c.id,
      type: 'function' as const,
      function: { name: c.name, arguments: c.args },
    }));
    const [toolCalls, invalidToolCalls] = defaultToolCallParser(raw);
    const message = new AIMessage({
      content: turn.content ?? '',
      tool_calls: toolCalls,
      invalid_tool_calls: invalidToolCalls,
      additional_kwargs: raw.length > 0 ? { tool_calls: raw } : {},
    });
    return { generations: [{ text: turn.content ?? '', message }] };
  }
}
