import {
  createAuthorizer,
  createMemoryApprovalStore,
  createMemoryAuditLog,
  defineTool,
} from '@argseal/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PRIVATE_KEYS } from './__fixtures__/private-keys/keys.js';
import { GITHUB_TOKEN, SALT, STRIPE_KEY } from './__fixtures__/values.js';
import { createDlp, type Dlp } from './create-dlp.js';

/**
 * Issue 25, "DLP: the detectors see only the plain spelling": each of these calls ran
 * (`dlp_clean`) where the plain spelling is caught. Through a real authorizer with the
 * policy and its rewrite hook: refused with the detector's code, nothing ran, and the
 * value (in the spelling sent) is in no audit record.
 */
function setup(dlp: Dlp) {
  const sent: unknown[] = [];
  const tool = defineTool({
    name: 'post_ticket',
    description: 'Post a ticket',
    schema: z.record(z.string(), z.unknown()),
    execute: (input) => {
      sent.push(input);
      return { ok: true };
    },
  });
  const audit = createMemoryAuditLog();
  const authorizer = createAuthorizer({
    agent: 'support-bot',
    approvals: createMemoryApprovalStore({ audit }),
    audit,
    policy: dlp.policy,
    rewrite: [dlp.rewrite],
  });
  return { tool, sent, audit, authorizer };
}

const insert = (text: string, at: number, what: string) =>
  text.slice(0, at) + what + text.slice(at);
const percent = (s: string) =>
  [...s].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`).join('');
const fullWidth = (s: string) =>
  [...s]
    .map((c) => (c === ' ' ? '\u3000' : String.fromCharCode(c.charCodeAt(0) + 0xfee0)))
    .join('');
const half = GITHUB_TOKEN.length / 2;
const key = (name: string) => PRIVATE_KEYS.find(([n]) => n === name)![1];

/** [case, arguments as sent, the text that must appear in no audit record] */
const SECRETS: [string, Record<string, unknown>, string][] = [
  ['a token split by U+200B', { body: insert(GITHUB_TOKEN, 8, '\u200b') }, GITHUB_TOKEN.slice(8)],
  ['a token split by U+00AD', { body: insert(GITHUB_TOKEN, 8, '\u00ad') }, GITHUB_TOKEN.slice(8)],
  ['a token split by U+2060', { body: insert(GITHUB_TOKEN, 8, '\u2060') }, GITHUB_TOKEN.slice(8)],
  ['a token split by U+FEFF', { body: insert(GITHUB_TOKEN, 8, '\ufeff') }, GITHUB_TOKEN.slice(8)],
  [
    'a token with a zero-width character after every character',
    { body: [...GITHUB_TOKEN].join('\u200c') },
    GITHUB_TOKEN.slice(-6).split('').join('\u200c'),
  ],
  [
    'a token in full-width letters',
    { body: `use ${fullWidth(GITHUB_TOKEN)}` },
    fullWidth(GITHUB_TOKEN),
  ],
  [
    'a token inside a JSON string inside a string (\\u0067hp_...)',
    { body: `{"token":"\\u0067${GITHUB_TOKEN.slice(1)}"}` },
    GITHUB_TOKEN.slice(1),
  ],
  [
    'a token two JSON strings deep (\\\\u0067hp_...)',
    { body: JSON.stringify(JSON.stringify({ token: `\\u0067${GITHUB_TOKEN.slice(1)}` })) },
    GITHUB_TOKEN.slice(1),
  ],
  [
    'a percent-encoded token (%67hp_...)',
    { body: `token=%67${GITHUB_TOKEN.slice(1)}` },
    GITHUB_TOKEN.slice(1),
  ],
  [
    'a token percent-encoded twice (%2567hp_...)',
    { body: `%2567${GITHUB_TOKEN.slice(1)}` },
    GITHUB_TOKEN.slice(1),
  ],
  [
    'a token percent-encoded throughout',
    { body: percent(GITHUB_TOKEN) },
    percent(GITHUB_TOKEN.slice(4)),
  ],
  [
    'a token as HTML references',
    { body: `&#103;&#x68;${GITHUB_TOKEN.slice(2)}` },
    GITHUB_TOKEN.slice(2),
  ],
  [
    'a secret split across sibling objects',
    { a: { x: STRIPE_KEY.slice(0, 14) }, b: { y: STRIPE_KEY.slice(14) } },
    STRIPE_KEY.slice(14),
  ],
  [
    'a secret split across an array of objects',
    { parts: [{ part: GITHUB_TOKEN.slice(0, half) }, { part: GITHUB_TOKEN.slice(half) }] },
    GITHUB_TOKEN.slice(half),
  ],
  [
    'a secret split across an array of objects with other fields between the pieces',
    {
      note: 'see below',
      chunks: [
        { n: '1', chunk: STRIPE_KEY.slice(0, 10) },
        { n: '2', chunk: STRIPE_KEY.slice(10, 20) },
        { n: '3', chunk: STRIPE_KEY.slice(20) },
      ],
    },
    STRIPE_KEY.slice(10, 20),
  ],
  [
    'a secret split across objects two levels down, after an unrelated value',
    {
      note: 'see below',
      a: { b: { x: GITHUB_TOKEN.slice(0, 10) } },
      c: { d: { y: GITHUB_TOKEN.slice(10) } },
    },
    GITHUB_TOKEN.slice(10),
  ],
  [
    'a secret split across an array of arrays',
    { rows: [[STRIPE_KEY.slice(0, 12)], [STRIPE_KEY.slice(12)]] },
    STRIPE_KEY.slice(12),
  ],
  ['a token used as an object key', { headers: { [GITHUB_TOKEN]: 'x' } }, GITHUB_TOKEN],
  [
    'a token split by U+200B used as an object key',
    { headers: { [insert(GITHUB_TOKEN, 8, '\u200b')]: 'x' } },
    GITHUB_TOKEN.slice(8),
  ],
  ...[
    'ec-p256-sec1',
    'ed25519-pkcs8',
    'rsa-pkcs1-encrypted',
    'rsa-pkcs8-encrypted',
    'ec-p256-pkcs8-encrypted',
  ].map((name): [string, Record<string, unknown>, string] => [
    `a real ${name} private key`,
    { body: `my key:\n${key(name)}` },
    key(name).split('\n')[1]!,
  ]),
];

const CARD = '4111111111111111';
const group = (digits: string, sep: string) => digits.match(/.{4}/g)!.join(sep);
const CARDS: [string, string][] = [
  ['grouped by no-break spaces', group(CARD, '\u00a0')],
  ['grouped by narrow no-break spaces', group(CARD, '\u202f')],
  ['grouped by dots', group(CARD, '.')],
  ['grouped by en dashes', group(CARD, '\u2013')],
  ['grouped by minus signs', group(CARD, '\u2212')],
  ['grouped by figure spaces', group(CARD, '\u2007')],
  ['grouped by two spaces', group(CARD, '  ')],
  ['in full-width digits', fullWidth(CARD)],
  ['in full-width digits grouped by ideographic spaces', fullWidth(group(CARD, ' '))],
  ['in Arabic-Indic digits', [...CARD].map((d) => String.fromCharCode(0x660 + Number(d))).join('')],
  ['grouped by zero-width spaces', group(CARD, '\u200b')],
];

const IBAN = 'DE89370400440532013000';
const IBANS: [string, string][] = [
  ['in lower case', IBAN.toLowerCase()],
  ['printed in lower case', 'de89 3704 0044 0532 0130 00'],
  ['grouped by zero-width spaces', IBAN.match(/.{1,4}/g)!.join('\u200b')],
  ['grouped by word joiners', IBAN.match(/.{1,4}/g)!.join('\u2060')],
  ['grouped by no-break spaces', IBAN.match(/.{1,4}/g)!.join('\u00a0')],
  ['grouped by dashes', IBAN.match(/.{1,4}/g)!.join('-')],
  ['in full-width letters and digits', fullWidth(IBAN)],
];

describe('issue 25: spellings the detectors missed are refused, and nothing runs', () => {
  it.each(SECRETS)('%s: denied dlp_secret', async (_, args, hidden) => {
    const { tool, sent, audit, authorizer } = setup(
      createDlp({ salt: SALT, detectors: { secret: 'deny' } }),
    );
    const outcome = await authorizer.call(tool, JSON.stringify(args));
    expect(outcome).toMatchObject({ status: 'denied', reason: 'dlp_secret' });
    expect(sent).toEqual([]);
    const records = JSON.stringify(await audit.records());
    expect(records).not.toContain(JSON.stringify(hidden).slice(1, -1));
    expect(records).not.toContain('"executed"');
  });

  it.each(CARDS)('a card number %s: denied dlp_card_number', async (_, card) => {
    const { tool, sent, authorizer } = setup(createDlp({ salt: SALT }));
    const outcome = await authorizer.call(tool, JSON.stringify({ body: `card ${card} exp 12/30` }));
    expect(outcome).toMatchObject({ status: 'denied', reason: 'dlp_card_number' });
    expect(sent).toEqual([]);
  });

  it.each(IBANS)('an IBAN %s: denied dlp_iban', async (_, iban) => {
    const { tool, sent, authorizer } = setup(createDlp({ salt: SALT }));
    const outcome = await authorizer.call(
      tool,
      JSON.stringify({ body: `refund to ${iban} today` }),
    );
    expect(outcome).toMatchObject({ status: 'denied', reason: 'dlp_iban' });
    expect(sent).toEqual([]);
  });

  it('a deny detector matching an object key denies, also without the rewrite hook', async () => {
    const dlp = createDlp({ salt: SALT, detectors: { secret: 'deny' } });
    const policyOnly = setup({
      ...dlp,
      rewrite: Object.assign(() => undefined, { omitOriginal: true as const }),
    });
    const outcome = await policyOnly.authorizer.call(
      policyOnly.tool,
      JSON.stringify({ headers: { [GITHUB_TOKEN]: 'x' } }),
    );
    expect(outcome).toMatchObject({ status: 'denied', reason: 'dlp_secret' });
    expect(policyOnly.sent).toEqual([]);
  });

  it('a redact detector matching a key: the call runs with the key redacted (dlp_redacted)', async () => {
    const { tool, sent, authorizer } = setup(
      createDlp({ salt: SALT, detectors: { secret: 'redact' } }),
    );
    const outcome = await authorizer.call(
      tool,
      JSON.stringify({ headers: { [GITHUB_TOKEN]: 'x' } }),
    );
    expect(outcome).toMatchObject({ status: 'executed' });
    expect(JSON.stringify(sent)).toMatch(
      /^\[\{"headers":\{"\[REDACTED:secret:[a-p]{12}\]":"x"\}\}\]$/,
    );
  });

  it('redact: the spelling sent is replaced whole, and the rewritten call scans clean', async () => {
    const dlp = createDlp({ salt: SALT, detectors: { secret: 'redact', card_number: 'redact' } });
    const { tool, sent, authorizer } = setup(dlp);
    const body = `a %67${GITHUB_TOKEN.slice(1)} b ${fullWidth(CARD)} c`;
    const outcome = await authorizer.call(tool, JSON.stringify({ body }));
    expect(outcome).toMatchObject({ status: 'executed' });
    const out = (sent[0] as { body: string }).body;
    expect(out).toMatch(/^a \[REDACTED:secret:[a-p]{12}\] b \[REDACTED:card_number:[a-p]{12}\] c$/);
    expect(await dlp.scan({ body: out })).toEqual([]);
  });
});

describe('split secrets inside a JSON document sent as a string', () => {
  it.each([
    ['an array of pieces', JSON.stringify([GITHUB_TOKEN.slice(0, half), GITHUB_TOKEN.slice(half)])],
    [
      'sibling members',
      JSON.stringify({ part1: STRIPE_KEY.slice(0, 14), part2: STRIPE_KEY.slice(14) }),
    ],
    [
      'an array of objects, escaped once more',
      JSON.stringify(
        JSON.stringify([{ p: GITHUB_TOKEN.slice(0, 9) }, { p: GITHUB_TOKEN.slice(9) }]),
      ),
    ],
  ])('%s: denied dlp_secret, redacted inside the document', async (_, doc) => {
    const { tool, sent, authorizer } = setup(createDlp({ salt: SALT }));
    const outcome = await authorizer.call(tool, JSON.stringify({ payload: doc }));
    expect(outcome).toMatchObject({ status: 'denied', reason: 'dlp_secret' });
    expect(sent).toEqual([]);
    const redacting = createDlp({ salt: SALT, detectors: { secret: 'redact' } });
    const out = await redacting.rewrite({
      agent: 'a',
      tool: 't',
      toolCallId: 'c',
      arguments: { payload: doc },
      context: undefined,
    });
    expect(JSON.stringify(out)).toMatch(/\[REDACTED:secret:[a-p]{12}\]/);
    expect(await redacting.scan(out as never)).toEqual([]);
  });
});

describe('a token whose head reads as a token on its own', () => {
  it('is redacted whole: the tail behind a zero-width space goes too', async () => {
    const tail = 'TAILzq81XyWv';
    const token = `${STRIPE_KEY}\u200b${tail}`;
    const dlp = createDlp({ salt: SALT, detectors: { secret: 'redact' } });
    const { tool, sent, authorizer } = setup(dlp);
    const outcome = await authorizer.call(tool, JSON.stringify({ body: `key ${token} end` }));
    expect(outcome).toMatchObject({ status: 'executed' });
    const body = (sent[0] as { body: string }).body;
    expect(body).not.toContain(tail);
    expect(body).toMatch(/^key \[REDACTED:secret:[a-p]{12}\] end$/);
  });
});

describe('a token cut at the end of its field', () => {
  it('is redacted whole: its tail in the next field goes too', async () => {
    const tail = 'TAILzq81XyWv';
    const dlp = createDlp({ salt: SALT, detectors: { secret: 'redact' } });
    const { tool, sent, authorizer } = setup(dlp);
    const outcome = await authorizer.call(
      tool,
      JSON.stringify({ a: `key ${STRIPE_KEY}`, b: tail }),
    );
    expect(outcome).toMatchObject({ status: 'executed' });
    expect(JSON.stringify(sent)).not.toContain(tail);
    expect(JSON.stringify(sent)).not.toContain(STRIPE_KEY);
  });
});
