// The offline OpenAI Agents model of the adapter's tests and of the openai-agents example:
// one source, imported as `@argseal/test-kit/models/openai-agents`.
import { declareRawTextModel } from '@argseal/core';
import {
  type Model,
  type ModelRequest,
  type ModelResponse,
  type StreamEvent,
  Usage,
} from '@openai/agents';

/** Output items the scripted model returns for one turn. */
export type ScriptedOutput = ModelResponse['output'];

export function functionCall(callId: string, name: string, args: string) {
  return {
    type: 'function_call' as const,
    id: `fc_${callId}`,
    callId,
    name,
    arguments: args,
    status: 'completed' as const,
  };
}

export function assistantText(text: string) {
  return {
    type: 'message' as const,
    id: `msg_${Math.random().toString(36).slice(2)}`,
    role: 'assistant' as const,
    status: 'completed' as const,
    content: [{ type: 'output_text' as const, text }],
  };
}

const usage = () => ({ requests: 1, inputTokens: 1, outputTokens: 1, totalTokens: 2 });

/**
 * An offline Model: each request takes the next scripted turn; once the script is
 * exhausted it answers with plain text. Records every request it saw.
 */
export class ScriptedModel implements Model {
  readonly requests: ModelRequest[] = [];
  readonly #turns: ScriptedOutput[];

  /** Declared a raw-text model (`declareRawTextModel`): it hands on its scripted text as is. */
  constructor(turns: ScriptedOutput[] = []) {
    this.#turns = [...turns];
    declareRawTextModel(this);
  }

  /** Appends a turn to the script. */
  enqueue(output: ScriptedOutput): void {
    this.#turns.push(output);
  }

  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    this.requests.push(request);
    const output = this.#turns.shift() ?? [assistantText('done')];
    return { usage: new Usage(usage()), output, responseId: `resp_${this.requests.length}` };
  }

  async *getStreamedResponse(request: ModelRequest): AsyncIterable<StreamEvent> {
    const response = await this.getResponse(request);
    yield { type: 'response_started' as const };
    for (const item of response.output) {
      if (item.type === 'function_call') {
        // a raw provider delta, as a real stream would carry before the item completes
        yield { type: 'model' as const, event: { type: 'raw_arguments', delta: item.arguments } };
      }
    }
    yield {
      type: 'response_done',
      response: { id: response.responseId ?? 'resp', usage: usage(), output: response.output },
    } as StreamEvent;
  }
}
