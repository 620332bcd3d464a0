// The `argseal` command from npm: its bin runs and hashes what the core authorizer hashes.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { computeProposalHash } from '@argseal/core';

const bin = new URL('../node_modules/.bin/argseal', import.meta.url).pathname;
const args = '{ "b": 1, "a": [true, null] }';
const canonical = execFileSync(bin, ['canonicalize'], { input: args, encoding: 'utf8' }).trim();
assert.equal(canonical, '{"a":[true,null],"b":1}');
const printed = execFileSync(bin, ['hash', '--agent', 'support', '--tool', 'refund'], {
  input: args,
  encoding: 'utf8',
});
const expected = await computeProposalHash({
  agent: 'support',
  tool: 'refund',
  argsCanonicalJson: canonical,
});
assert.ok(printed.includes(expected), `argseal hash printed ${printed}`);
console.log(
  `cli: argseal ${execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim()} canonicalize + hash agree with core`,
);
