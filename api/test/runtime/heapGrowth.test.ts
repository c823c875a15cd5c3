import { spawnSync } from 'node:child_process';
import { HEAP_GROWING_PERCENT, limitHeapGrowth } from '../../src/runtime/heapGrowth';

describe("the API's limit on V8's heap growth", () => {
  it('sets V8 --heap-growing-percent to a fifth', () => {
    const flags: string[] = [];
    limitHeapGrowth(undefined, (flag) => flags.push(flag));
    expect(flags).toEqual(['--heap-growing-percent=20']);
  });

  it('is a flag this Node’s V8 knows and takes at run time (an unknown one is only warned about on stderr)', () => {
    const run = spawnSync(process.execPath, ['-e', `require('node:v8').setFlagsFromString('--heap-growing-percent=${HEAP_GROWING_PERCENT}')`], {
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
    const unknown = spawnSync(process.execPath, ['-e', "require('node:v8').setFlagsFromString('--heap-growing-percentage=20')"], { encoding: 'utf8' });
    expect(unknown.stderr).toMatch(/unrecognized flag|heap-growing-percentage/i);
  });
});
