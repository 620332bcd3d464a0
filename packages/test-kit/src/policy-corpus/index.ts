/**
 * The shared decision corpus: calls that a TypeScript policy from `@argseal/policies` and its
 * equivalent in another policy language (Cedar, `@argseal/policy-cedar`) must decide alike.
 * Arguments are raw provider texts (they go through the strict decoder like a real call); the
 * server context is what the application would pass. `expect` is the decision both must reach.
 */
export interface PolicyCorpusCase {
  scenario: 'money' | 'ids' | 'egress' | 'scope';
  name: string;
  tool: string;
  args: string;
  context: Record<string, unknown>;
  expect: 'allow' | 'deny' | 'require_approval';
}

const money = (
  name: string,
  args: string,
  expect: PolicyCorpusCase['expect'],
): PolicyCorpusCase => ({
  scenario: 'money',
  name,
  tool: 'pay',
  args,
  context: {},
  expect,
});

const ids = (
  name: string,
  args: string,
  invoiceIds: unknown,
  expect: PolicyCorpusCase['expect'],
): PolicyCorpusCase => ({
  scenario: 'ids',
  name,
  tool: 'get_invoice',
  args,
  context: invoiceIds === undefined ? {} : { invoiceIds },
  expect,
});

const egress = (
  name: string,
  url: string | null,
  expect: PolicyCorpusCase['expect'],
): PolicyCorpusCase => ({
  scenario: 'egress',
  name,
  tool: 'fetch_url',
  args: url === null ? '{}' : JSON.stringify({ url }),
  context: {},
  expect,
});

const scope = (
  name: string,
  context: Record<string, unknown>,
  expect: PolicyCorpusCase['expect'],
): PolicyCorpusCase => ({
  scenario: 'scope',
  name,
  tool: 'list_orders',
  args: '{"status":"open"}',
  context,
  expect,
});

/**
 * Money: USD ceiling 100000 minor units, approval (group `finance`) above 10000; JPY ceiling
 * 1000000, no approval step; anything else denied. Ids: every `invoiceId` must be in the
 * server's `invoiceIds`. Egress: only `https://api.example.com`. Scope: the server context
 * must carry a `tenant`.
 */
export const POLICY_CORPUS: readonly PolicyCorpusCase[] = [
  money('small USD payment', '{"amount":500,"currency":"USD"}', 'allow'),
  money('USD at the approval threshold', '{"amount":10000,"currency":"USD"}', 'allow'),
  money('USD just above the threshold', '{"amount":10001,"currency":"USD"}', 'require_approval'),
  money('USD at the ceiling', '{"amount":100000,"currency":"USD"}', 'require_approval'),
  money('USD above the ceiling', '{"amount":100001,"currency":"USD"}', 'deny'),
  money(
    'USD far above the ceiling (exponent spelling)',
    '{"amount":1e15,"currency":"USD"}',
    'deny',
  ),
  money('1.0 is the integer 1', '{"amount":1.0,"currency":"USD"}', 'allow'),
  money('1e2 is the integer 100', '{"amount":1e2,"currency":"USD"}', 'allow'),
  money('fraction of a minor unit', '{"amount":10.5,"currency":"USD"}', 'deny'),
  money('amount as a string', '{"amount":"500","currency":"USD"}', 'deny'),
  money('amount null', '{"amount":null,"currency":"USD"}', 'deny'),
  money('amount missing', '{"currency":"USD"}', 'deny'),
  money('negative amount', '{"amount":-5,"currency":"USD"}', 'deny'),
  money('lower-case currency', '{"amount":500,"currency":"usd"}', 'deny'),
  money('unknown currency', '{"amount":500,"currency":"EUR"}', 'deny'),
  money('currency missing', '{"amount":500}', 'deny'),
  money('currency not a string', '{"amount":500,"currency":1}', 'deny'),
  money('large JPY, no approval step', '{"amount":900000,"currency":"JPY"}', 'allow'),
  money('JPY above its ceiling', '{"amount":1000001,"currency":"JPY"}', 'deny'),
  money('largest safe integer', '{"amount":9007199254740991,"currency":"USD"}', 'deny'),
  money('key order does not matter', '{"currency":"USD","amount":500}', 'allow'),
  money('escaped currency spelling', '{"amount":500,"currency":"\\u0055SD"}', 'allow'),
  money('zero-width space in the currency', '{"amount":500,"currency":"US\\u200bD"}', 'deny'),
  ids('listed id', '{"invoiceId":"inv_1"}', ['inv_1', 'inv_2'], 'allow'),
  ids('unlisted id', '{"invoiceId":"inv_9"}', ['inv_1', 'inv_2'], 'deny'),
  ids('case differs', '{"invoiceId":"INV_1"}', ['inv_1'], 'deny'),
  ids('surrounding whitespace', '{"invoiceId":" inv_1"}', ['inv_1'], 'deny'),
  ids(
    'NFD spelling of a listed NFC id',
    '{"invoiceId":"caf\\u0065\\u0301"}',
    ['caf\u00e9'],
    'deny',
  ),
  ids('id missing', '{}', ['inv_1'], 'deny'),
  ids('id null', '{"invoiceId":null}', ['inv_1'], 'deny'),
  ids('id of another type', '{"invoiceId":1}', ['inv_1'], 'deny'),
  ids('empty server list', '{"invoiceId":"inv_1"}', [], 'deny'),
  ids('no server list', '{"invoiceId":"inv_1"}', undefined, 'deny'),
  ids('id as an object', '{"invoiceId":{"id":"inv_1"}}', ['inv_1'], 'deny'),
  egress('allowed host', 'https://api.example.com/v1/rates', 'allow'),
  egress('allowed host, bare origin', 'https://api.example.com', 'allow'),
  egress('another host', 'https://evil.example.net/', 'deny'),
  egress('allowed name as a prefix of another host', 'https://api.example.com.evil.net/', 'deny'),
  egress('userinfo trick', 'https://api.example.com@evil.net/', 'deny'),
  egress('plain http', 'http://api.example.com/', 'deny'),
  egress('metadata address', 'http://169.254.169.254/latest/meta-data', 'deny'),
  egress('loopback', 'https://127.0.0.1/', 'deny'),
  egress('not a URL', 'api.example.com/v1', 'deny'),
  egress('url missing', null, 'deny'),
  scope('server scope present', { tenant: 'acme' }, 'allow'),
  scope('server scope missing', {}, 'deny'),
];
