/**
 * How the time of `run` grows with its input: the fastest of `rounds` interleaved runs on
 * `make(4 * n)` over the fastest on `make(n)`, measured in one process. A linear step gives
 * about 4, a quadratic one about 16. Tests assert a generous bound on this ratio, never a
 * wall-clock limit (other work on the machine slows both sizes alike). The ratio is measured
 * `attempts` times (default 3) and the smallest is returned: a busy machine can inflate one
 * measurement, never shrink a quadratic step's ratio to a linear one's.
 */
export async function scalingRatio<T>(
  make: (size: number) => T,
  run: (input: T) => unknown,
  options: { size: number; rounds?: number; attempts?: number },
): Promise<number> {
  const small = make(options.size);
  const large = make(options.size * 4);
  await run(small); // warm up the JIT on both shapes first
  await run(large);
  let best = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < (options.attempts ?? 3); attempt++) {
    let bestSmall = Number.POSITIVE_INFINITY;
    let bestLarge = Number.POSITIVE_INFINITY;
    for (let i = 0; i < (options.rounds ?? 7); i++) {
      bestSmall = Math.min(bestSmall, await timed(run, small));
      bestLarge = Math.min(bestLarge, await timed(run, large));
    }
    best = Math.min(best, bestLarge / Math.max(bestSmall, 1e-3));
  }
  return best;
}

async function timed<T>(run: (input: T) => unknown, input: T): Promise<number> {
  const start = performance.now();
  await run(input);
  return performance.now() - start;
}
