/**
 * Detection corpus: for each detector, strings it must report (true positives) and
 * look-alikes it must not (near misses). Secrets are assembled at run time so this file
 * itself never trips a secret scanner; none of them is a live credential.
 */
const repeat = (s: string, n: number) => s.repeat(n);

export interface CorpusCase {
  readonly name: string;
  readonly text: string;
  /** The exact substring to be found (true positives only). */
  readonly match?: string;
}

const ghp = `ghp_${repeat('A1b2C3d4E5', 3)}A1b2C3`;
const slack = `xoxb-${'1234567890'}-${'1234567890123'}-${'AbCdEfGhIjKlMnOpQrStUvWx'}`;
const stripeLive = `sk_live_${'51HqLyjWDarjtT1zdp7dcXYZ'}`;
/** Stripe's documentation publishes test-mode keys of this shape. */
const stripeTest = `sk_test_${'4eC39HqLyjWDarjtT1zdp7dc'}`;
const awsSecret = `wJalrXUtnFEMI/K7MDENG/bPxRfiCY${'ZZZZZZZZZZ'}`;
const npm = `npm_${repeat('aB3dE5gH7j', 3)}kL9nO1`;
const pem = [
  `-----BEGIN ${'RSA PRIVATE'} KEY-----`,
  `MIIEpAIBAAKCAQEA${repeat('q7Z', 16)}`,
  repeat('Ab3+Cd4/Ef5xGh6y', 4),
  `-----END ${'RSA PRIVATE'} KEY-----`,
].join('\n');

export const SECRET_POSITIVES: readonly CorpusCase[] = [
  { name: 'GitHub personal access token', text: `token ${ghp} in a mail`, match: ghp },
  { name: 'Slack bot token', text: `use ${slack}`, match: slack },
  { name: 'Stripe live secret key', text: `key=${stripeLive}`, match: stripeLive },
  {
    name: "Stripe's documented test key (still a credential)",
    text: stripeTest,
    match: stripeTest,
  },
  { name: 'npm access token', text: `//registry.npmjs.org/:_authToken=${npm}`, match: npm },
  {
    name: 'AWS secret access key in a pasted config',
    text: `aws_secret_access_key = ${awsSecret}\nregion = eu-west-1`,
    match: `aws_secret_access_key = ${awsSecret}`,
  },
  { name: 'PEM private key', text: `here:\n${pem}\nthanks`, match: pem },
  {
    name: "Slack's documentation placeholder (token-shaped, so reported)",
    text: `xoxb-${'not-a-real-token-this-will-not-work'}`,
    match: `xoxb-${'not-a-real-token-this-will-not-work'}`,
  },
  {
    name: 'database URL with a password',
    text: `DATABASE_URL postgres://app:${'hunter2'}@db.example.com:5432/app`,
    match: `postgres://app:${'hunter2'}@db.example.com:5432/app`,
  },
  {
    name: 'basic auth in a URL',
    text: `fetch https://ada:${'pass1234'}@api.example.com/v1`,
    match: `https://ada:${'pass1234'}@api.example.com/v1`,
  },
];

export const SECRET_NEAR_MISSES: readonly CorpusCase[] = [
  { name: "AWS's documented example access key id", text: `AKIA${'IOSFODNN7EXAMPLE'}` },
  {
    name: "AWS's documented example secret key",
    text: `aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCY${'EXAMPLEKEY'}`,
  },
  { name: 'a GitHub token prefix with too few characters', text: `ghp_${repeat('A', 20)}` },
  { name: 'a git commit hash', text: 'fixed in 9fceb02d0ae598e95dc970b74767f19372d61af8' },
  {
    name: "Stripe's documented publishable test key (public by design)",
    text: `pk_test_${'TYooMQauvdEDq54NiTphI7jx'}`,
  },
  { name: 'a UUID', text: '3f2504e0-4f89-11d3-9a0c-0305e82c3301' },
  { name: 'prose about keys', text: 'Rotate the Stripe secret key (sk_live_...) every 90 days.' },
];

export const CARD_POSITIVES: readonly CorpusCase[] = [
  {
    name: 'Visa test number, plain',
    text: 'card 4111111111111111 exp 12/30',
    match: '4111111111111111',
  },
  { name: 'Visa grouped by spaces', text: 'is 4111 1111 1111 1111.', match: '4111 1111 1111 1111' },
  {
    name: 'Mastercard grouped by dashes',
    text: '5555-5555-5555-4444',
    match: '5555-5555-5555-4444',
  },
  { name: 'Mastercard 2-series', text: 'mc 2223003122003222', match: '2223003122003222' },
  {
    name: 'American Express (15 digits)',
    text: 'amex 3782 822463 10005',
    match: '3782 822463 10005',
  },
  { name: 'Discover', text: '6011111111111117', match: '6011111111111117' },
  {
    name: "Stripe's documented test card",
    text: 'test with 4242 4242 4242 4242',
    match: '4242 4242 4242 4242',
  },
  {
    name: 'a card after another number',
    text: 'ref 12 4111-1111-1111-1111',
    match: '4111-1111-1111-1111',
  },
  { name: 'JCB', text: 'jcb:3530111333300000', match: '3530111333300000' },
];

export const CARD_NEAR_MISSES: readonly CorpusCase[] = [
  { name: '16-digit order number failing Luhn', text: 'order 4111111111111112 shipped' },
  { name: '16-digit order number in no brand range', text: 'order 9999999999999995' },
  { name: 'a Luhn-valid number of a length no brand issues', text: 'ref 411111111111' },
  { name: 'a card embedded in a longer digit run', text: 'id 41111111111111110000' },
  { name: 'a phone number', text: 'call +1 415 555 2671' },
  { name: 'a date and an amount', text: '2026-12-01 paid 1234.56' },
];

export const IBAN_POSITIVES: readonly CorpusCase[] = [
  {
    name: 'German IBAN, electronic',
    text: 'IBAN DE89370400440532013000.',
    match: 'DE89370400440532013000',
  },
  {
    name: 'German IBAN, printed',
    text: 'to DE89 3704 0044 0532 0130 00 please',
    match: 'DE89 3704 0044 0532 0130 00',
  },
  { name: 'British IBAN', text: 'GB82WEST12345698765432', match: 'GB82WEST12345698765432' },
  {
    name: 'French IBAN',
    text: 'FR1420041010050500013M02606',
    match: 'FR1420041010050500013M02606',
  },
];

export const IBAN_NEAR_MISSES: readonly CorpusCase[] = [
  { name: 'German IBAN with a wrong checksum', text: 'DE89370400440532013001' },
  { name: 'German IBAN with wrong check digits', text: 'DE88 3704 0044 0532 0130 00' },
  { name: 'one character short', text: 'DE8937040044053201300' },
  { name: 'unknown country', text: 'XX89370400440532013000' },
  { name: 'an IBAN-like product code', text: 'SKU AB12CDEF3456GH7890' },
];

export const EMAIL_POSITIVES: readonly CorpusCase[] = [
  { name: 'plain address', text: 'write to ada@example.com.', match: 'ada@example.com' },
  {
    name: 'plus tag and subdomain',
    text: '<grace.hopper+ops@mail.navy.example.org>',
    match: 'grace.hopper+ops@mail.navy.example.org',
  },
];

export const EMAIL_NEAR_MISSES: readonly CorpusCase[] = [
  { name: 'a mention', text: 'thanks @ada' },
  { name: 'no top-level domain', text: 'root@localhost' },
  { name: 'a scoped npm package', text: 'install @argseal/core@1.2.3' },
  { name: 'double dot in the domain', text: 'x@example..com' },
];

export const PHONE_POSITIVES: readonly CorpusCase[] = [
  {
    name: 'German number, international',
    text: 'call +49 30 901820 today',
    match: '+49 30 901820',
  },
  { name: 'UK mobile, international', text: 'mobile: +44 7911 123456', match: '+44 7911 123456' },
  { name: 'US number, international', text: 'us +1 (213) 373-4253', match: '+1 (213) 373-4253' },
];

export const PHONE_NEAR_MISSES: readonly CorpusCase[] = [
  { name: 'a national number without a default country', text: 'call 030 901820' },
  { name: 'an invalid range', text: 'call +1 (555) 012-3456' },
  { name: 'an order number', text: 'order 4111111111111112' },
];

export const NATIONAL_ID_POSITIVES: readonly CorpusCase[] = [
  { name: 'Spanish DNI', text: 'DNI 12345678Z', match: '12345678Z' },
];

export const NATIONAL_ID_NEAR_MISSES: readonly CorpusCase[] = [
  { name: 'Spanish DNI with a wrong letter', text: 'DNI 12345678A' },
  { name: 'a plain 8-digit number', text: 'ticket 12345678' },
];

/**
 * Text the normalised and decoded views must not turn into a finding: separators the
 * number detectors now fold, lower-case look-alikes, escapes and encodings of harmless
 * text. Scanned with every detector on.
 */
export const SPELLING_NEAR_MISSES: readonly CorpusCase[] = [
  { name: 'a dotted version number', text: 'upgrade to 4.11.1111.1111 now' },
  { name: 'an IP address and a port', text: 'connect to 192.168.100.200:5432' },
  { name: 'a German date and an amount', text: 'am 01.12.2026 bezahlt: 1.234,56 EUR' },
  { name: 'a dotted 16-digit number failing Luhn', text: 'ref 4111.1111.1111.1112' },
  {
    name: 'a no-break-space grouped order number failing Luhn',
    text: 'order 4111\u00a01111\u00a01111\u00a01112',
  },
  {
    name: 'full-width digits failing Luhn',
    text: `${'\uff14\uff11\uff11\uff11'.repeat(3)}\uff11\uff11\uff11\uff12`,
  },
  { name: 'a lower-case IBAN with a wrong checksum', text: 'de89370400440532013001' },
  { name: 'lower-case words that start like an IBAN', text: 'see de12 and at34 for details' },
  { name: 'a product code in lower case', text: 'sku ab12cdef3456gh7890' },
  { name: 'a Windows path with escapes', text: 'C:\\new\\temp\\x41.txt' },
  { name: 'a percent sign and an ampersand in prose', text: '100% sure & 50%off, see &#; and %zz' },
  { name: 'a URL with percent-encoded spaces', text: 'https://example.com/a%20b?q=c%26d' },
  {
    name: 'JSON with escaped quotes and unicode',
    text: '{"name":"Z\\u00fcrich","quote":"\\"hi\\""}',
  },
  {
    name: 'text with soft hyphens and zero-width joiners',
    text: 'con\u00adtent and emoji \ud83d\udc69\u200d\ud83d\udcbb',
  },
  {
    name: 'a 16-digit number split by a zero-width space into two 8-digit halves failing Luhn',
    text: '41111111\u200b11111112',
  },
  {
    name: 'a JSON document of 4-digit strings (values are glued for secrets only)',
    text: '["4111","1111","1111","1111"]',
  },
  {
    name: 'a JSON document of harmless strings',
    text: '{"a":"sk_live_","b":"see the docs","c":"ghp_"}',
  },
];
