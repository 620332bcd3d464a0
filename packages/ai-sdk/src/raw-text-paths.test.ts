import { createAuthorizer, declareRawTextModel } from '@argseal/core';
import { createAdapterRuntime } from '@argseal/core/kit';
import { describe, expect, it } from 'vitest';
import { isRawTextPath, RAW_TEXT_PATHS } from './raw-text-paths.js';

describe('AI SDK raw-text table', () => {
  it('trusts only the listed provider ids in the listed modes', () => {
    expect(isRawTextPath({ provider: 'openai.chat' }, 'generate')).toBe(true);
    expect(isRawTextPath({ provider: 'openai.responses' }, 'stream')).toBe(true);
    expect(isRawTextPath({ provider: 'anthropic.messages' }, 'stream')).toBe(true);
    // re-serialized by the provider package, or unknown: decoded_only
    expect(isRawTextPath({ provider: 'anthropic.messages' }, 'generate')).toBe(false);
    expect(isRawTextPath({ provider: 'google.generative-ai' }, 'generate')).toBe(false);
    expect(isRawTextPath({ provider: 'google.generative-ai' }, 'stream')).toBe(false);
    expect(isRawTextPath({ provider: 'loopback.chat' }, 'generate')).toBe(false);
    expect(isRawTextPath({ provider: 'mock-provider' }, 'stream')).toBe(false);
    expect(isRawTextPath({ provider: '' }, 'generate')).toBe(false);
  });

  it("a declared model counts in both modes (the seal's runtime); another object with its id does not", () => {
    const authorizer = createAuthorizer({
      agent: 'a',
      policy: () => ({ type: 'allow' }),
      approvals: null,
    });
    const rt = createAdapterRuntime({
      adapter: '@argseal/ai-sdk',
      options: { authorizer },
      ownKeys: [],
      rawTextPath: isRawTextPath,
    });
    const model = declareRawTextModel({ provider: 'in-house' });
    expect(rt.isRawText(model, 'generate') && rt.isRawText(model, 'stream')).toBe(true);
    expect(isRawTextPath(model, 'generate')).toBe(false);
    expect(rt.isRawText({ provider: 'in-house' }, 'stream')).toBe(false);
  });

  it('every row names a package, an API and a mode', () => {
    for (const row of RAW_TEXT_PATHS) {
      expect(row.provider).toMatch(/^@ai-sdk\//);
      expect(['generate', 'stream']).toContain(row.mode);
    }
  });
});
