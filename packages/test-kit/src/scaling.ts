/**
 * How the time of `run` grows with its input: the fastest of `rounds` interleaved runs on
 * `make(4 * n)` over the fastest on `make(n)`, measured in one process. A linear step gives
 * about 4, a quadratic one about 16. Tests assert a generous bound on this ratio, never a
 * wall-clock limit (other work on the machine slows both sizes alike).
 */
export async function scalingRatio<T>(
  make: (size: number) => T,
  run: (input: T) => unknown,
  options: { size: number; rounds?: number },
): Promise<number> {
  const small = make(options.size);
  const large = make(options.size * 4);
  const rounds = options.rounds ?? 7;
  let bestSmall = Number.POSITIVE_INFINITY;
  let bestLarge = Number.POSITIVE_INFINITY;
  await run(small); // warm up the JIT on both shapes first
  await run(large);
  for (let i = 0; i < rounds; i++) {
    bestSmall = Math.min(bestSmall, await timed(run, small));
    bestLarge = Math.min(bestLarge, await timed(run, large));
  }
  return bestLarge / Math.max(bestSmall, 1e-3);
}

async function timed<T>(run: (input: T) => unknown, input: T): Promise<number> {
  const start = performance.now();
  await run(input);
  return performance.now() - start;
}
