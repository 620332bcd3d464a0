// Interleaved comparison by CPU time of this process (process.cpuUsage: user + system, all
// threads) instead of wall time: on a shared, overloaded machine wall time mostly measures
// the other processes. Same protocol as harness.mjs (calibrate, then round after round).
function cpuNs() {
  const u = process.cpuUsage();
  return (u.user + u.system) * 1e3;
}

async function sample(fn, iterations) {
  const t0 = cpuNs();
  for (let i = 0; i < iterations; i++) await fn();
  return (cpuNs() - t0) / iterations;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** contenders: { name: () => Promise<unknown> }. Returns { name: CPU ns/op (median) }. */
export async function compareCpu(contenders, { rounds = 11, sampleMs = 100 } = {}) {
  const names = Object.keys(contenders);
  const iters = {};
  for (const name of names) {
    let n = 1;
    for (;;) {
      const ns = await sample(contenders[name], n);
      if (ns * n >= sampleMs * 1e6 * 0.5 || n >= 1 << 20) {
        iters[name] = Math.max(1, Math.round((sampleMs * 1e6) / Math.max(ns, 1)));
        break;
      }
      n *= 2;
    }
  }
  const samples = Object.fromEntries(names.map((n) => [n, []]));
  for (let r = 0; r < rounds; r++) {
    for (const name of names) {
      globalThis.gc?.();
      samples[name].push(await sample(contenders[name], iters[name]));
    }
  }
  return Object.fromEntries(names.map((n) => [n, median(samples[n])]));
}
