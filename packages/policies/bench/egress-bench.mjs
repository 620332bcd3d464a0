// @argseal/policies benchmark: checkEgress on long URLs. Each row times a URL of N and of
// 4N characters in interleaved rounds and prints the ratio: about 4 means linear time
// (the trim and trailing-dot regexes that backtracked measured about 16).
// Needs the built package: `pnpm --filter @argseal/policies build`.
// Run: node packages/policies/bench/egress-bench.mjs   (or `pnpm bench` from the root)
import { checkEgress, compileEgressOptions } from '@argseal/policies';
import { compare, fmtNs } from '../../../bench/harness.mjs';

const N = Number(process.env.BENCH_EGRESS_CHARS ?? 16_384);
const options = compileEgressOptions({ maxUrlLength: 1 << 22 });
const shapes = {
  'spaces in the path': (n) => `https://example.com/${' '.repeat(n)}x`,
  'dots in the host': (n) => `https://example${'.'.repeat(n)}x.com/`,
  'C0 controls in the path': (n) => `https://example.com/${'\u0001'.repeat(n)}x`,
  'ordinary path': (n) => `https://example.com/${'a/'.repeat(n / 2)}`,
};

console.log(`| checkEgress | ${N} chars | ${4 * N} chars | ratio (4x input) |`);
console.log('| --- | --- | --- | --- |');
for (const [name, make] of Object.entries(shapes)) {
  const small = make(N);
  const large = make(4 * N);
  const r = await compare(
    { small: () => checkEgress(small, options), large: () => checkEgress(large, options) },
    { async: true, rounds: 7, sampleMs: 40 },
  );
  console.log(
    `| ${name} | ${fmtNs(r.small)} | ${fmtNs(r.large)} | ${(r.large / r.small).toFixed(2)}x |`,
  );
}
const tooLong = `https://example.com/${'a'.repeat(1 << 20)}`;
const refused = await compare({ refuse: () => checkEgress(tooLong) }, { async: true, rounds: 5 });
console.log(
  `\n1 MiB URL with the default limit (refused, egress_url_too_long): ${fmtNs(refused.refuse)}`,
);
