// Run by the runtime under test (Node, Bun, Deno) as a plain ES module: it imports
// @argseal/core by its package name, so the runtime's own export conditions pick the
// build, runs a sealed call with the default settings and prints what happened as JSON.
import { z } from 'zod';

// count Web Crypto digests: the default (non-Node) entries hash through crypto.subtle
const subtle = globalThis.crypto.subtle;
const digest = subtle.digest.bind(subtle);
let webDigests = 0;
Object.defineProperty(subtle, 'digest', {
  configurable: true,
  value: (...args) => {
    webDigests++;
    return digest(...args);
  },
});

const entries = ['@argseal/core', '@argseal/core/kit', '@argseal/core/data', '@argseal/core/store'];
const modules = await Promise.all(entries.map((e) => import(e)));
const pick = (name) => {
  for (const m of modules) if (typeof m[name] === 'function') return m[name];
  throw new Error(`${name} is not exported by any @argseal/core entry`);
};

const text = process.argv[2];
const value = pick('parseStrictJson')(text);
const canonical = pick('canonicalize')(value);
const before = webDigests;
const proposalHash = await pick('computeProposalHash')({
  agent: 'probe',
  tool: 'pay',
  argsCanonicalJson: canonical,
});
const hashDigests = webDigests - before;

const executed = [];
const audit = pick('createMemoryAuditLog')();
const pay = pick('defineTool')({
  name: 'pay',
  schema: z.object({ to: z.string(), amount: z.number().int(), memo: z.string() }),
  execute: async (args) => {
    executed.push(args);
    return 'paid';
  },
});
const authorizer = pick('createAuthorizer')({
  agent: 'probe',
  policy: () => ({ type: 'allow' }),
  audit,
});
const outcome = await authorizer.call(pay, text);
const duplicate = await authorizer.call(pay, '{"to":"a","to":"b","amount":1,"memo":""}');

const records = await audit.records();
const chain = await pick('verifyAuditChain')(records, { expectedHead: await audit.head() });

console.log(
  JSON.stringify({
    runtime: globalThis.Deno ? 'deno' : process.versions.bun ? 'bun' : 'node',
    resolved: entries.map((e) => import.meta.resolve(e)),
    canonical,
    proposalHash,
    hashDigests,
    webDigests,
    status: outcome.status,
    result: outcome.result,
    outcomeHash: outcome.proposalHash,
    executed,
    duplicate: {
      status: duplicate.status,
      code: duplicate.error?.code,
      path: duplicate.error?.path,
    },
    auditRecords: records.length,
    auditOk: chain.ok,
  }),
);
