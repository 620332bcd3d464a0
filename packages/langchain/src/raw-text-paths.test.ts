import { createAuthorizer, declareRawTextModel } from '@argseal/core';
import { createAdapterRuntime } from '@argseal/core/kit';
import { describe, expect, it } from 'vitest';
import { isRawTextSource } from './raw-text-paths.js';

class ChatOpenAI {
  static lc_name() {
    return 'ChatOpenAI';
  }
}
class ChatAnthropic {
  static lc_name() {
    return 'ChatAnthropic';
  }
}
class ChatGoogleGenerativeAI {
  static lc_name() {
    return 'ChatGoogleGenerativeAI';
  }
}

describe('LangChain raw-text table', () => {
  it('trusts a text by model class and where the message carries it', () => {
    expect(isRawTextSource(new ChatOpenAI(), 'kwargs')).toBe(true);
    expect(isRawTextSource(new ChatOpenAI(), 'chunks')).toBe(true);
    expect(isRawTextSource(new ChatOpenAI(), 'responses')).toBe(true);
    expect(isRawTextSource(new ChatOpenAI(), 'invalid')).toBe(true);
    expect(isRawTextSource(new ChatAnthropic(), 'chunks')).toBe(true);
    expect(isRawTextSource(new ChatAnthropic(), 'content')).toBe(false);
    // JSON.stringify(functionCall.args) in tool_call_chunks: decoded-only
    expect(isRawTextSource(new ChatGoogleGenerativeAI(), 'chunks')).toBe(false);
    expect(isRawTextSource({}, 'chunks')).toBe(false);
  });

  it("a throwing lc_name counts as unknown; a declared model counts (the middleware's runtime)", () => {
    class Odd {
      static lc_name(): string {
        throw new Error('x');
      }
    }
    expect(isRawTextSource(new Odd(), 'chunks')).toBe(false);
    const authorizer = createAuthorizer({
      agent: 'a',
      policy: () => ({ type: 'allow' }),
      approvals: null,
    });
    const rt = createAdapterRuntime({
      adapter: '@argseal/langchain',
      options: { authorizer },
      ownKeys: [],
      rawTextPath: isRawTextSource,
    });
    expect(rt.isRawText(new Odd(), 'chunks')).toBe(false);
    expect(rt.isRawText(undefined, 'chunks')).toBe(false);
    expect(rt.isRawText(declareRawTextModel(new Odd()), 'chunks')).toBe(true);
    expect(rt.isRawText(new ChatOpenAI(), 'kwargs')).toBe(true);
  });
});
