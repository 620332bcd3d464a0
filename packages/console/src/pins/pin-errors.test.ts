import { SqlStoreError } from '@argseal/postgres';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../http-errors.js';
import { pinCall } from './pin-errors.js';

const failing = (error: unknown) => () => Promise.reject(error);

describe('pinCall (closed mapping of pin-store refusals)', () => {
  it.each([
    ['pin_not_found', 404],
    ['pin_not_pending', 409],
    ['invalid_pin_definition', 400],
    ['invalid_pin_decision', 400],
    ['definition_hash_mismatch', 400],
  ] as const)('a pin-store %s answers with that code and status %i', async (code, status) => {
    const error = await pinCall(failing(new SqlStoreError(code, 'm'))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ code, status, message: 'm' });
  });

  it.each([
    ['a database failure', new SqlStoreError('store_unavailable', 'm')],
    ['a plain error carrying a pin code', Object.assign(new Error('m'), { code: 'pin_not_found' })],
    ['a prototype key as a code', Object.assign(new Error('m'), { code: 'constructor' })],
    ['an object that is not an error', { code: 'pin_not_pending' }],
  ])('%s is not turned into an answer (it stays a 500)', async (_label, thrown) => {
    const error = await pinCall(failing(thrown)).catch((e: unknown) => e);
    expect(error).toBe(thrown);
    expect(error).not.toBeInstanceOf(HttpError);
  });

  it('passes a result through', async () => {
    expect(await pinCall(async () => 7)).toBe(7);
  });
});
