import { describe, expect, it } from 'vitest';
import { createOpBatcher } from './op-batcher.js';

/** A batcher over fake statements that settle only when the test releases them. */
function world(depth: number) {
  const log: string[] = [];
  const open: Array<() => void> = [];
  const statement = <T>(label: string, value: T) =>
    new Promise<T>((resolve) => {
      log.push(`start ${label}`);
      open.push(() => {
        log.push(`end ${label}`);
        resolve(value);
      });
    });
  const run = createOpBatcher<string, string>({
    maxItems: 64,
    depth,
    key: (item) => item.slice(0, 1),
    one: (item) => statement(item, `one:${item}`),
    many: (items) =>
      statement(
        items.join('+'),
        items.map((i) => `many:${i}`),
      ),
    retryAlone: () => false,
  });
  const tick = () => new Promise((r) => setImmediate(r));
  const release = async () => {
    open.shift()?.();
    await tick();
    await tick();
  };
  return { log, run, tick, release, open };
}

describe('createOpBatcher', () => {
  it('sends an operation whose key is in flight only after that statement settled, in call order', async () => {
    const w = world(4);
    const results = Promise.all(['a1', 'b1', 'a2', 'b2', 'a3'].map((i) => w.run(i)));
    await w.tick();
    await w.tick();
    // the pool has room for four statements, yet a2/b2 wait for the statement holding a1/b1
    expect(w.log).toEqual(['start a1+b1']);
    await w.release();
    expect(w.log).toEqual(['start a1+b1', 'end a1+b1', 'start a2+b2']);
    await w.release();
    expect(w.log.slice(3)).toEqual(['end a2+b2', 'start a3']);
    await w.release();
    expect(await results).toEqual(['many:a1', 'many:b1', 'many:a2', 'many:b2', 'one:a3']);
  });

  it('runs statements of distinct keys at once up to its depth', async () => {
    const w = world(2);
    const first = [w.run('a1'), w.run('b1')];
    await w.tick();
    await w.tick();
    const later = [w.run('c1'), w.run('a2')];
    await w.tick();
    await w.tick();
    // c1 goes out beside a1+b1; a2 waits for a1's statement
    expect(w.log).toEqual(['start a1+b1', 'start c1']);
    expect(w.open).toHaveLength(2);
    await w.release();
    await w.release();
    await w.release();
    expect(await Promise.all([...first, ...later])).toEqual([
      'many:a1',
      'many:b1',
      'one:c1',
      'one:a2',
    ]);
  });
});
