/**
 * The cases of the real-provider suite: one `transfer` call whose argument text the
 * loopback provider sends byte for byte. `runs` cases must execute with these canonical
 * arguments (one proposal hash for all spellings); hostile cases must be refused with
 * `code`, and `markers` are pieces of the refused payload that must never reach the
 * provider again.
 */
export const TOOL_NAME = 'transfer';
export const SUITE_AGENT = 'real-provider-agent';
/** Amounts above this need approval. */
export const APPROVAL_ABOVE = 50_000;
export const BENIGN_CANONICAL = '{"amount":12500,"to":"acct_1"}';

interface RunsCase {
  kind: 'runs';
  name: string;
  args: string;
}

export interface HostileCase {
  kind: 'hostile';
  name: string;
  args: string;
  /** The strict decoder's code. */
  code: string;
  /** The code when the text sits literally inside an Anthropic JSON body (not a string). */
  anthropicJsonCode?: string;
  markers: readonly string[];
}

interface FlowCase {
  kind: 'approval' | 'changed-after-approval';
  name: string;
  args: string;
}

export type SuiteCase = RunsCase | HostileCase | FlowCase;

const APPROVAL_ARGS = '{"to":"acct_1","amount":90000}';
export const CHANGED_ARGS = '{"to":"acct_1","amount":95000}';

export const CASES: readonly SuiteCase[] = [
  { kind: 'runs', name: 'benign', args: '{"to":"acct_1","amount":12500}' },
  { kind: 'runs', name: 'reordered', args: '{"amount":12500,"to":"acct_1"}' },
  { kind: 'runs', name: 're-spaced', args: ' {\n  "to" : "acct_1" ,\t"amount" : 12500 }\n' },
  { kind: 'runs', name: 'u-escaped', args: '{"\\u0074o":"\\u0061cct\\u005f1","amount":12500}' },
  { kind: 'runs', name: '1.25e4', args: '{"to":"acct_1","amount":1.25e4}' },
  {
    kind: 'hostile',
    name: 'duplicate key',
    args: '{"to":"acct_1","amount":1000000,"amount":4000}',
    code: 'duplicate_key',
    markers: [':1000000', ':4000'],
  },
  {
    kind: 'hostile',
    name: '19-digit integer',
    args: '{"to":"acct_1","amount":1234567890123456789}',
    code: 'unsafe_integer',
    markers: ['12345678901234'],
  },
  {
    kind: 'hostile',
    name: 'lone surrogate escape',
    args: '{"to":"acct_\\ud800","amount":12500}',
    code: 'lone_surrogate',
    markers: ['ud800', 'acct_\ud800', 'acct_\ufffd'],
  },
  {
    kind: 'hostile',
    name: '-0',
    args: '{"to":"acct_1","amount":-0}',
    code: 'negative_zero',
    markers: [':-0', '\\":-0', '"amount":0', '\\"amount\\":0'],
  },
  {
    kind: 'hostile',
    name: 'truncated text',
    args: '{"to":"acct_1","amount":500',
    code: 'invalid_json',
    markers: [':500'],
  },
  {
    kind: 'hostile',
    name: 'two concatenated objects',
    args: '{"to":"acct_1","amount":12500}{"to":"acct_2","amount":99999}',
    code: 'trailing_data',
    anthropicJsonCode: 'invalid_json',
    markers: ['acct_2', '99999', ':12500}{'],
  },
  { kind: 'approval', name: 'pause, approve, resume once, replay nothing', args: APPROVAL_ARGS },
  { kind: 'changed-after-approval', name: 'changed amount after approval', args: CHANGED_ARGS },
];
