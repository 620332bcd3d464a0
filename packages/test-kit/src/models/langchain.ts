// The offline LangChain chat model of the adapter's tests and of the langchain example:
// one source, imported as `@argseal/test-kit/models/langchain`.
import { declareRawTextModel } from '@argseal/core';
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import {
  AIMessage,
  AIMessageChunk,
  type BaseMessage,
  defaultToolCallParser,
} from '@langchain/core/messages';
import { ChatGenerationChunk, type ChatResult } from '@langchain/core/outputs';

/** One tool call, with the provider's raw argument text byte for byte. */
export interface ScriptedCall {
  id: string;
  name: string;
  args: string;
}

export interface ScriptedTurn {
  content?: string;
  toolCalls?: ScriptedCall[];
}

/**
 * An offline tool-calling chat model. The turn it plays is the number of AI messages
 * already in the conversation, so a resumed run (even in a new agent instance) gets
 * the next turn. `invoke` returns an OpenAI-style message (raw text in
 * `additional_kwargs.tool_calls`, decoded by `JSON.parse`); streaming returns
 * `tool_call_chunks` (decoded by LangChain's lenient partial-JSON parser).
 */
export class ScriptedChatModel extends BaseChatModel {
  readonly turns: readonly ScriptedTurn[];
  /** Every message list the model was called with. */
  readonly seen: BaseMessage[][] = [];

  /** Declared a raw-text model (`declareRawTextModel`): it hands on its scripted text as is. */
  constructor(turns: readonly ScriptedTurn[]) {
    super({});
    this.turns = turns;
    declareRawTextModel(this);
  }

  _llmType(): string {
    return 'argseal-scripted';
  }

  override bindTools(): this {
    return this;
  }

  turnFor(messages: BaseMessage[]): ScriptedTurn {
    this.seen.push(messages);
    const index = messages.filter((m) => AIMessage.isInstance(m)).length;
    return this.turns[index] ?? { content: 'done' };
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const turn = this.turnFor(messages);
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

  override async *_streamResponseChunks(
    messages: BaseMessage[],
  ): AsyncGenerator<ChatGenerationChunk> {
    const turn = this.turnFor(messages);
    const text = turn.content ?? '';
    yield new ChatGenerationChunk({ text, message: new AIMessageChunk({ content: text }) });
    for (const [index, call] of (turn.toolCalls ?? []).entries()) {
      const cut = Math.floor(call.args.length / 2);
      const pieces = [call.args.slice(0, cut), call.args.slice(cut)];
      for (const [n, piece] of pieces.entries()) {
        yield new ChatGenerationChunk({
          text: '',
          message: new AIMessageChunk({
            content: '',
            tool_call_chunks: [
              n === 0
                ? { id: call.id, name: call.name, args: piece, index, type: 'tool_call_chunk' }
                : { args: piece, index, type: 'tool_call_chunk' },
            ],
          }),
        });
      }
    }
  }
}
