import { coalesced } from '../../../src/modules/catalogue/productListMirror';

/** A run whose end the test decides. */
function controlledRuns() {
  const runs: { resolve: (value: number) => void; reject: (error: Error) => void }[] = [];
  const run = () =>
    new Promise<number>((resolve, reject) => {
      runs.push({ resolve, reject });
    });
  return { runs, run };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('coalesced: one check of the product list for every list of a turn, or that came while the last was on its way', () => {
  it('starts a run for the first caller at the end of its turn, shared with every caller of that turn', async () => {
    const { runs, run } = controlledRuns();
    const check = coalesced(run);
    const sameTurn = [check(), check(), check()];
    expect(runs).toHaveLength(0);
    await settle();
    expect(runs).toHaveLength(1);
    // A caller after the run started is not served by it: the run may have read the database before it came.
    const afterStart = check();
    runs[0]!.resolve(1);
    await expect(Promise.all(sameTurn)).resolves.toEqual([1, 1, 1]);
    await settle();
    expect(runs).toHaveLength(2);
    runs[1]!.resolve(2);
    await expect(afterStart).resolves.toBe(2);
  });

  it('gives callers that came during a run the next run, one for all of them, started when that one ends', async () => {
    const { runs, run } = controlledRuns();
    const check = coalesced(run);
    const first = check();
    await settle();
    const later = [check(), check(), check()];
    // Nothing new is sent while the first is on its way: it may have read the database before they came.
    expect(runs).toHaveLength(1);
    runs[0]!.resolve(1);
    await expect(first).resolves.toBe(1);
    await settle();
    expect(runs).toHaveLength(2);
    runs[1]!.resolve(2);
    await expect(Promise.all(later)).resolves.toEqual([2, 2, 2]);
  });

  it('starts afresh once everything has settled, and keeps going after a failed run', async () => {
    const { runs, run } = controlledRuns();
    const check = coalesced(run);
    const first = check();
    await settle();
    const second = check();
    runs[0]!.reject(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await settle();
    runs[1]!.resolve(2);
    await expect(second).resolves.toBe(2);
    const third = check();
    await settle();
    expect(runs).toHaveLength(3);
    runs[2]!.resolve(3);
    await expect(third).resolves.toBe(3);
  });
});
