// Interleaved micro-benchmark harness: every contender of a group is sampled in turn,
// round after round, so machine noise hits all of them alike; ratios use medians.
export async function sampleAsync(fn, iterations) {
  const t0 = performance.now();
  for (let i = 0; i < iterations; i++) await fn();
  return ((performance.now() - t0) * 1e6) / iterations;
}

export function sampleSync(fn, iterations) {
  const t0 = performance.now();
  for (let i = 0; i < iterations; i++) fn();
  return ((performance.now() - t0) * 1e6) / iterations;
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/**
 * contenders: { name: () => any | Promise<any> }. Returns { name: ns/op (median) }.
 * `async: true` awaits each call.
 */
export async function compare(contenders, { rounds = 9, sampleMs = 60, async = false } = {}) {
  const names = Object.keys(contenders);
  const iters = {};
  for (const name of names) {
    const fn = contenders[name];
    // warm up and calibrate
    let n = 1;
    for (;;) {
      const ns = async ? await sampleAsync(fn, n) : sampleSync(fn, n);
      if (ns * n >= sampleMs * 1e6 * 0.5 || n >= 1 << 22) {
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
      const fn = contenders[name];
      samples[name].push(async ? await sampleAsync(fn, iters[name]) : sampleSync(fn, iters[name]));
    }
  }
  return Object.fromEntries(names.map((n) => [n, median(samples[n])]));
}

export function fmtNs(ns) {
  if (ns >= 1e6) return `${(ns / 1e6).toFixed(2)} ms`;
  if (ns >= 1e3) return `${(ns / 1e3).toFixed(2)} µs`;
  return `${ns.toFixed(0)} ns`;
}
