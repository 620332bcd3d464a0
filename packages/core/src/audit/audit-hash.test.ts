import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalize } from '../json/canonicalize.js';
import type { JsonValue } from '../json/types.js';
import { AUDIT_HASH_PREFIX, auditPreimage, auditRecordBody, GENESIS_HASH } from './audit-hash.js';
import type { AuditEvent, AuditRecord } from './types.js';

const reference = (body: object) =>
  `${AUDIT_HASH_PREFIX}${GENESIS_HASH}:${canonicalize(body as JsonValue)}`;

/** The direct serialization gives the reference text, or throws what the reference throws. */
function expectAgreesWithReference(body: Omit<AuditRecord, 'hash'>): void {
  let want: string | Error;
  try {
    want = reference(body);
  } catch (e) {
    want = e as Error;
  }
  if (typeof want === 'string') expect(auditPreimage(GENESIS_HASH, body, true)).toBe(want);
  else expect(() => auditPreimage(GENESIS_HASH, body, true)).toThrow(want.constructor as never);
}

describe('audit record preimage (direct serialization of a fresh body)', () => {
  it('is the RFC 8785 text of the body for pipeline events', () => {
    const events: AuditEvent[] = [
      {
        type: 'proposed',
        agent: 'support-bot',
        tool: 'refund',
        toolCallId: 'c1',
        proposalHash: 'a'.repeat(64),
        argsCanonicalJson: '{"amount":5,"note":"é😀 \\"q\\" \\n\\u0000","orderId":"o"}',
        data: { provenance: 'decoded_only' },
      },
      {
        type: 'decided',
        decision: 'allow',
        mode: 'enforce',
        trace: [{ rule: 'r', decision: 'allow' }],
      },
      { type: 'invalid', error: { stage: 'decode', code: 'duplicate_key', path: '/a' } },
      { type: 'failed', reason: '\u2028\u2029\u007f', note: '' },
    ];
    for (const [seq, e] of events.entries()) {
      const body = auditRecordBody(e, seq, '2026-01-01T00:00:00.000Z', GENESIS_HASH);
      expect(auditPreimage(GENESIS_HASH, body, true)).toBe(reference(body));
      expect(auditPreimage(GENESIS_HASH, body)).toBe(reference(body));
    }
  });

  it('agrees with canonicalize on random flat and nested bodies', () => {
    const value = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.boolean(),
      fc.constant(null),
      fc.jsonValue(),
    );
    fc.assert(
      fc.property(fc.dictionary(fc.string({ unit: 'binary' }), value), (dict) => {
        const body = auditRecordBody(
          { type: 'proposed', ...dict } as AuditEvent,
          3,
          'at',
          GENESIS_HASH,
        );
        expectAgreesWithReference(body);
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees with canonicalize on bodies of record fields, values repeated from record to record', () => {
    const names = [
      ...['agent', 'approver', 'argsCanonicalJson', 'at', 'bindingHash', 'data', 'decision'],
      ...['error', 'mode', 'note', 'originalArguments', 'prevHash', 'proposalHash', 'proposalId'],
      ...['reason', 'seq', 'stream', 'supersedes', 'tool', 'toolCallId', 'trace', 'type'],
    ];
    const value = fc.oneof(
      fc.constantFrom('support-bot', 'refund', '', '\u2028"\\'),
      fc.constant(0).map(() => `{"a":"${'é'.repeat(300)}"}`), // equal text, a new string each time
      fc.string({ unit: 'binary' }),
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.constantFrom(true, null, -0),
      fc.jsonValue(),
    );
    const record = fc.dictionary(fc.constantFrom(...names), value, { maxKeys: 8 });
    fc.assert(
      fc.property(fc.array(record, { minLength: 1, maxLength: 4 }), (records) => {
        for (const dict of records) {
          const body = auditRecordBody(dict as unknown as AuditEvent, 3, 'at', GENESIS_HASH);
          expectAgreesWithReference(body);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps a `__proto__` event key as data (fast-check seed -341527083 found it set the prototype)', () => {
    const event = JSON.parse('{"type":"proposed","__proto__":{"x":1}}') as AuditEvent;
    const body = auditRecordBody({ ...event }, 3, 'at', GENESIS_HASH);
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
    expect(Object.keys(body)).toContain('__proto__');
    const text = auditPreimage(GENESIS_HASH, body, true);
    expect(text).toBe(reference(body));
    expect(text).toContain('"__proto__":{"x":1}');
  });

  it('a lone surrogate or -0 is refused like canonicalize does', () => {
    for (const bad of [{ note: 'x\ud800' }, { ['k\udc00']: 'v' }, { seqish: -0 }]) {
      const body = auditRecordBody(
        { type: 'proposed', ...bad } as AuditEvent,
        0,
        'at',
        GENESIS_HASH,
      );
      expect(() => reference(body)).toThrow();
      expect(() => auditPreimage(GENESIS_HASH, body, true)).toThrow();
    }
  });
});
