// The reader's own model, scripted so the adoption files run offline: the first turn asks
// for a refund of order A-1 (12000 minor units), every later turn answers with text.
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, type BaseMessage, defaultToolCallParser } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';

class ScriptedChatModel extends BaseChatModel {
  _llmType(): string {
    return 'scripted';
  }

  override bindTools(): this {
    return this;
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const first = !messages.some((m) => AIMessage.isInstance(m));
    const raw = first
      ? [
          {
            id: 'call-1',
            type: 'function' as const,
            function: { name: 'refund', arguments: '{"orderId":"A-1","amount":12000}' },
          },
        ]
      : [];
    const [toolCalls, invalidToolCalls] = defaultToolCallParser(raw);
    const content = first ? '' : 'done';
    const message = new AIMessage({
      content,
      tool_calls: toolCalls,
      invalid_tool_calls: invalidToolCalls,
      additional_kwargs: first ? { tool_calls: raw } : {},
    });
    return { generations: [{ text: content, message }] };
  }
}

export const model = new ScriptedChatModel({});

/** What the tools did, printed at the end of each program. */
export const executed: string[] = [];
