import { describe, expect, it } from 'vitest';
import { createAuthorizer } from '../authorizer/create-authorizer.js';
import { defineTool } from '../tool/define-tool.js';
import { decodedFromText } from './inputs.js';
import { standardSchema } from './standard-schema.js';

const positive = standardSchema<{ n: number }>('test', (value) => {
  const n = (value as { n?: unknown } | null)?.n;
  return typeof n === 'number' && n > 0
    ? { value: { n } }
    : { issues: [{ message: 'n must be positive', path: ['n'] }] };
});

describe('standardSchema', () => {
  it('is a Standard Schema v1 the authorizer uses as the one schema parse', async () => {
    expect(positive['~standard']).toMatchObject({ version: 1, vendor: 'test' });
    let runs = 0;
    const tool = defineTool({
      name: 'count',
      schema: positive,
      execute: (input) => {
        runs++;
        return input.n;
      },
    });
    const authorizer = createAuthorizer({ agent: 'a', policy: () => ({ type: 'allow' }) });
    const ok = await authorizer.call(tool, '{"n":2}');
    expect(ok).toMatchObject({ status: 'executed', result: 2 });
    const bad = await authorizer.call(tool, '{"n":-1}');
    expect(bad).toMatchObject({ status: 'invalid' });
    expect(runs).toBe(1);
  });
});

describe('decodedFromText', () => {
  it('JSON text becomes a decoded_only input; other text stays text for the strict decoder', () => {
    expect(decodedFromText('{"a":1}')).toEqual({ decoded: { a: 1 }, provenance: 'decoded_only' });
    expect(decodedFromText('{"a":')).toBe('{"a":');
  });

  it('a decoded_only input is refused raw_text_unavailable and nothing runs', async () => {
    let runs = 0;
    const tool = defineTool({
      name: 'count',
      schema: positive,
      execute: () => {
        runs++;
      },
    });
    const authorizer = createAuthorizer({ agent: 'a', policy: () => ({ type: 'allow' }) });
    const prepared = await authorizer.prepare(tool, decodedFromText('{"n":1,"n":2}'));
    expect(prepared.ok).toBe(false);
    if (!prepared.ok) expect(prepared.refusal.code).toBe('raw_text_unavailable');
    expect(runs).toBe(0);
  });
});
