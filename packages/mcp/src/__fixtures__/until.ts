/** Polls `check` every 20 ms until it holds; throws after `tries` attempts (10 s by default). */
export async function until(check: () => boolean | Promise<boolean>, tries = 500): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('condition not reached');
}
