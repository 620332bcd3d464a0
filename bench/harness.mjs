// Interleaved micro-benchmark harness: every contender of a group is sampled in turn,
// round after round, so machine noise hits all of them alike; ratios use medians.
// wall time in ms; or, with `clock: 'cpu'`, this process's CPU time (user + system, all
// threads), which on a shared, overloaded machine does not count the other processes
const wallMs = () => performance.now();
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e3;
};

export async function sampleAsync(fn, iterations, now = wallMs) {
  const t0 = now();
  for (let i = 0; i < iterations; i++) await fn();
  return ((now() - t0) * 1e6) / iterations;
}

export function sampleSync(fn, iterations, now = wallMs) {
  const t0 = now();
  for (let i = 0; i < iterations; i++) fn();
  return ((now() - t0) * 1e6) / iterations;
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/**
 * contenders: { name: () => any | Promise<any> }. Returns { name: ns/op (median) }.
 * `async: true` awaits each call; `clock: 'cpu'` measures CPU time instead of wall time.
 */
export async function compare(
  contenders,
  { rounds = 9, sampleMs = 60, async = false, clock = 'wall' } = {},
) {
  const now = clock === 'cpu' ? cpuMs : wallMs;
  const names = Object.keys(contenders);
  const iters = {};
  for (const name of names) {
    const fn = contenders[name];
    // warm up and calibrate
    let n = 1;
    for (;;) {
      const ns = async ? await sampleAsync(fn, n, now) : sampleSync(fn, n, now);
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
      samples[name].push(
        async ? await sampleAsync(fn, iters[name], now) : sampleSync(fn, iters[name], now),
      );
    }
  }
  return Object.fromEntries(names.map((n) => [n, median(samples[n])]));
}

export function fmtNs(ns) {
  if (ns >= 1e6) return `${(ns / 1e6).toFixed(2)} ms`;
  if (ns >= 1e3) return `${(ns / 1e3).toFixed(2)} µs`;
  return `${ns.toFixed(0)} ns`;
}

function quantile(sorted, q) {
  const i = (sorted.length - 1) * q;
  const lo = Math.floor(i);
  return sorted[lo] + (sorted[Math.min(lo + 1, sorted.length - 1)] - sorted[lo]) * (i - lo);
}

/**
 * A paired comparison of `subject` against `base` (async functions), robust on a shared
 * machine: a warmup of both in turn, one iteration count for both (calibrated so a sample
 * takes about `sampleMs`, at least `minIterations`), then `rounds` rounds that each sample both, in alternating
 * order (AB, BA, AB, ...), after a `gc()` (run with `--expose-gc`). Each round gives one
 * ratio subject/base; the result is the median of those ratios with their p25–p75 spread,
 * so a burst of load hits one round, not the figure. `clock: 'cpu'` (default) counts this
 * process's CPU time only.
 */
export async function pairedRatio(
  base,
  subject,
  { rounds = 41, sampleMs = 50, minIterations = 1, warmupMs = 1500, clock = 'cpu' } = {},
) {
  const now = clock === 'cpu' ? cpuMs : wallMs;
  const until = now() + warmupMs;
  while (now() < until) {
    await base();
    await subject();
  }
  let n = 1;
  while (n < 1 << 20) {
    const ns = (await sampleAsync(base, n, now)) + (await sampleAsync(subject, n, now));
    if ((ns * n) / 2 >= sampleMs * 1e6 * 0.5) {
      n = Math.max(minIterations, Math.round((sampleMs * 1e6 * 2) / ns));
      break;
    }
    n *= 2;
  }
  const baseNs = [];
  const subjectNs = [];
  const ratios = [];
  for (let r = 0; r < rounds; r++) {
    const pair = r % 2 === 0 ? [base, subject] : [subject, base];
    const t = [];
    for (const fn of pair) {
      globalThis.gc?.();
      t.push(await sampleAsync(fn, n, now));
    }
    const [b, s] = r % 2 === 0 ? t : [t[1], t[0]];
    baseNs.push(b);
    subjectNs.push(s);
    ratios.push(s / b);
  }
  const sorted = [...ratios].sort((a, b) => a - b);
  return {
    ratio: quantile(sorted, 0.5),
    p25: quantile(sorted, 0.25),
    p75: quantile(sorted, 0.75),
    base: median(baseNs),
    subject: median(subjectNs),
    iterations: n,
    rounds,
    gc: typeof globalThis.gc === 'function',
  };
}

/**
 * `pairedRatio` for several subjects against one `base` in the same rounds (the order
 * rotates each round; a gc() before every sample). Pass the base itself as a subject for
 * an A/A figure: its spread is what noise looks like in this run. Returns, per subject,
 * the median of its per-round ratios subject/base with their p25–p75 spread.
 */
export async function pairedRatios(
  base,
  subjects,
  { rounds = 41, sampleMs = 40, warmupMs = 1500, clock = 'cpu' } = {},
) {
  const now = clock === 'cpu' ? cpuMs : wallMs;
  const names = Object.keys(subjects);
  const all = [base, ...names.map((n) => subjects[n])];
  const until = now() + warmupMs;
  while (now() < until) for (const fn of all) await fn();
  let n = 1;
  while (n < 1 << 20) {
    const ns = await sampleAsync(base, n, now);
    if (ns * n >= sampleMs * 1e6 * 0.5) {
      n = Math.max(1, Math.round((sampleMs * 1e6) / ns));
      break;
    }
    n *= 2;
  }
  const ratios = names.map(() => []);
  const baseNs = [];
  for (let r = 0; r < rounds; r++) {
    const t = new Array(all.length);
    for (let k = 0; k < all.length; k++) {
      const i = (r + k) % all.length;
      globalThis.gc?.();
      t[i] = await sampleAsync(all[i], n, now);
    }
    baseNs.push(t[0]);
    for (let j = 0; j < names.length; j++) ratios[j].push(t[j + 1] / t[0]);
  }
  return Object.fromEntries(
    names.map((name, j) => {
      const sorted = [...ratios[j]].sort((a, b) => a - b);
      return [
        name,
        {
          ratio: quantile(sorted, 0.5),
          p25: quantile(sorted, 0.25),
          p75: quantile(sorted, 0.75),
          base: median(baseNs),
        },
      ];
    }),
  );
}
