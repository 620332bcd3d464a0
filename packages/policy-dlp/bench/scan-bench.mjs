// @argseal/policy-dlp benchmark: the cost of scanning one ~2 KB tool call, as a ratio to
// sealing that call (strict parse, snapshot, RFC 8785 text, proposal hash) and to a whole
// authorizer.call, measured in the same run; plus a scaling check on adversarial text
// (time for 2x the input should be ~2x: no super-linear matching).
// Needs the built packages: `pnpm build`. Run: node --expose-gc packages/policy-dlp/bench/scan-bench.mjs
import { createHash } from 'node:crypto';
import { computeProposalHash, createAuthorizer, defineTool } from '@argseal/core';
import { canonicalize, createSnapshot, parseStrictJson } from '@argseal/core/data';
import { createDlp } from '@argseal/policy-dlp';
import { compare, fmtNs } from '../../../bench/harness.mjs';
import { small, smallText } from '../../../bench/payloads.mjs';

const sha256 = (t) => createHash('sha256').update(t).digest('hex');
const passthrough = {
  '~standard': { version: 1, vendor: 'bench', validate: (value) => ({ value }) },
};
const tool = defineTool({
  name: 'send_reply',
  description: 'bench',
  schema: passthrough,
  execute: () => 1,
});
const salt = 'bench-salt-0123456789';
const defaults = createDlp({ salt });
const everything = createDlp({
  salt,
  detectors: {
    email: 'redact',
    phone: { action: 'redact', defaultCountry: 'DE' },
    card_number: 'redact',
  },
});
const plain = createAuthorizer({ agent: 'bench', policy: () => ({ type: 'allow' }), sha256 });
const sealed = (dlp) =>
  createAuthorizer({ agent: 'bench', policy: dlp.policy, rewrite: [dlp.rewrite], sha256 });
const withDefaults = sealed(defaults);
const withEverything = sealed(everything);

const seal = async () => {
  const snap = createSnapshot(parseStrictJson(smallText));
  await computeProposalHash(
    { agent: 'bench', tool: 'send_reply', argsCanonicalJson: canonicalize(snap) },
    { sha256 },
  );
};

// the same call with every string holding text the normalised and decoded views rewrite
// (an accent, a no-break space, a percent escape, a JSON escape): every view is scanned
const respell = (v) =>
  typeof v === 'string'
    ? `${v} Zu\u0308rich\u00a0100%25 \\n`
    : Array.isArray(v)
      ? v.map(respell)
      : v !== null && typeof v === 'object'
        ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, respell(x)]))
        : v;
const spelled = respell(small);

const rows = [];
const c = await compare(
  {
    seal,
    'scan (defaults)': () => defaults.scan(small),
    'scan (all detectors)': () => everything.scan(small),
    'scan (defaults, spelled)': () => defaults.scan(spelled),
    'call (allow)': () => plain.call(tool, smallText),
    'call (dlp defaults)': () => withDefaults.call(tool, smallText),
    'call (dlp all, redacting)': () => withEverything.call(tool, smallText),
  },
  { async: true, rounds: 7 },
);
rows.push([
  'dlp.scan, defaults (secret, card_number, iban) vs sealing the call',
  c['scan (defaults)'],
  c.seal,
]);
rows.push([
  'dlp.scan, all detectors (+ email, phone) vs sealing the call',
  c['scan (all detectors)'],
  c.seal,
]);
rows.push([
  'dlp.scan, defaults, every string with an accent, a no-break space and escapes, vs sealing the call',
  c['scan (defaults, spelled)'],
  c.seal,
]);
rows.push([
  'authorizer.call with dlp (defaults) vs authorizer.call, allow policy',
  c['call (dlp defaults)'],
  c['call (allow)'],
]);
rows.push([
  'authorizer.call with dlp (all, redacting) vs authorizer.call, allow policy',
  c['call (dlp all, redacting)'],
  c['call (allow)'],
]);

console.log(
  `payload: ${smallText.length} B of tool arguments (bench/payloads.mjs), node:crypto digests\n`,
);
console.log('| benchmark | dlp | baseline | ratio |');
console.log('|---|---|---|---|');
for (const [what, ours, base] of rows) {
  console.log(`| ${what} | ${fmtNs(ours)} | ${fmtNs(base)} | ${(ours / base).toFixed(2)}x |`);
}

// the same ratios in CPU time (process.cpuUsage), which a busy machine distorts less
async function cpuPerOp(fn, n) {
  for (let i = 0; i < 10; i++) await fn();
  const start = process.cpuUsage();
  for (let i = 0; i < n; i++) await fn();
  const used = process.cpuUsage(start);
  return ((used.user + used.system) * 1e3) / n; // ns
}
const cpu = {};
const contenders = {
  seal: [seal, 1000],
  scanDefaults: [() => defaults.scan(small), 100],
  scanAll: [() => everything.scan(small), 100],
  scanSpelled: [() => defaults.scan(spelled), 100],
  callAllow: [() => plain.call(tool, smallText), 1000],
  callDefaults: [() => withDefaults.call(tool, smallText), 100],
  callAll: [() => withEverything.call(tool, smallText), 100],
};
for (let round = 0; round < 7; round++) {
  for (const [name, [fn, n]] of Object.entries(contenders))
    (cpu[name] ??= []).push(await cpuPerOp(fn, n));
}
const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const m = Object.fromEntries(Object.entries(cpu).map(([k, v]) => [k, med(v)]));
console.log('\n| CPU time per op (median of 7 rounds) | dlp | baseline | ratio |');
console.log('|---|---|---|---|');
for (const [what, ours, base] of [
  ['dlp.scan, defaults vs sealing the call', m.scanDefaults, m.seal],
  ['dlp.scan, all detectors vs sealing the call', m.scanAll, m.seal],
  ['dlp.scan, defaults, spelled call vs sealing the call', m.scanSpelled, m.seal],
  ['authorizer.call with dlp (defaults) vs allow policy', m.callDefaults, m.callAllow],
  ['authorizer.call with dlp (all, redacting) vs allow policy', m.callAll, m.callAllow],
]) {
  console.log(`| ${what} | ${fmtNs(ours)} | ${fmtNs(base)} | ${(ours / base).toFixed(2)}x |`);
}

// adversarial text: doubling the input should about double the time
const hostile = {
  'digit groups': (n) => '1 '.repeat(n / 2),
  'at signs': (n) => 'a@'.repeat(n / 2),
  'IBAN starts': (n) => 'DE89 '.repeat(n / 5),
  'PEM without END': (n) => `-----BEGIN RSA PRIVATE KEY-----\n${'A'.repeat(n)}`,
  'plus signs and digits': (n) => '+4 9'.repeat(n / 4),
  'phone numbers': (n) => '+49 30 901820 '.repeat(n / 14),
  'card numbers': (n) => '4111 1111 1111 1111 '.repeat(n / 20),
  // the normalised and decoded views (issue 25)
  'zero-width characters': (n) => 'a\u200b'.repeat(n / 2),
  'full-width digits': (n) => '\uff14\uff11 '.repeat(n / 3),
  'JSON escapes': (n) => '\\u0067'.repeat(n / 6),
  'percent escapes': (n) => '%2567'.repeat(n / 5),
  'unclosed \\u{': (n) => '\\u{'.repeat(n / 3),
  'BEGIN PRIVATE KEY lines': (n) => '-----BEGIN PRIVATE KEY-----\n'.repeat(n / 28),
  'PEM body without END': (n) => `-----BEGIN EC PRIVATE KEY-----\n${'MHcCAQEEI'.repeat(n / 9)}`,
};
console.log('\n| adversarial string (all detectors), CPU time | 64 KiB | 128 KiB | 128/64 |');
console.log('|---|---|---|---|');
// structure: the glued groupings of split secrets, and a JSON document sent as a string
const shaped = {
  'array of small objects': (n) => ({
    items: Array.from({ length: n / 16 }, (_, i) => ({ k: `v${i % 10}abcd`, n: 'xy' })),
  }),
  'JSON document in a string': (n) => ({
    text: JSON.stringify(Array.from({ length: n / 8 }, (_, i) => `ab${i % 10}c`)),
  }),
};
for (const [name, make] of [
  ...Object.entries(hostile).map(([k, f]) => [k, (n) => ({ text: f(n) })]),
  ...Object.entries(shaped),
]) {
  const a = make(64 * 1024);
  const b = make(128 * 1024);
  const ta = [];
  const tb = [];
  for (let round = 0; round < 3; round++) {
    ta.push(await cpuPerOp(() => everything.scan(a), 3));
    tb.push(await cpuPerOp(() => everything.scan(b), 3));
  }
  console.log(
    `| ${name} | ${fmtNs(med(ta))} | ${fmtNs(med(tb))} | ${(med(tb) / med(ta)).toFixed(2)}x |`,
  );
}
