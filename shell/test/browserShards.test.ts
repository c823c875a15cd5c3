import { specFilter, splitSpecs } from '../../scripts/browser/browserShards';

describe('the browser suite split into shards (scripts/browser/browserShards.ts)', () => {
  const durations = { 'a.spec.ts': 100, 'b.spec.ts': 60, 'c.spec.ts': 50, 'd.spec.ts': 40, 'e.spec.ts': 10 };
  const seconds = (shard: string[], known: Record<string, number>) => shard.reduce((sum, spec) => sum + (known[spec] ?? 0), 0);

  it('puts every spec in exactly one shard, the shards within the longest spec of each other', () => {
    const shards = splitSpecs(Object.keys(durations), durations, 2);
    expect(shards.flat().sort()).toEqual(Object.keys(durations));
    expect(shards).toEqual([
      ['a.spec.ts', 'd.spec.ts'],
      ['b.spec.ts', 'c.spec.ts', 'e.spec.ts'],
    ]);
    expect(shards.map((shard) => seconds(shard, durations))).toEqual([140, 120]);
  });

  it('weighs a spec with no recorded time as the median one, so a new spec never piles onto one shard', () => {
    const specs = [...Object.keys(durations), 'new-1.spec.ts', 'new-2.spec.ts'];
    const shards = splitSpecs(specs, durations, 2);
    const shardOf = (spec: string) => shards.findIndex((shard) => shard.includes(spec));
    expect(shardOf('new-1.spec.ts')).not.toBe(shardOf('new-2.spec.ts'));
  });

  it('makes no empty shard when there are fewer specs than shards', () => {
    expect(splitSpecs(['a.spec.ts'], durations, 3)).toEqual([['a.spec.ts']]);
  });

  it('filters one file only: webOrderDesk does not also run webOrderDeskPhone', () => {
    const filter = new RegExp(specFilter('tests', 'webOrderDesk.spec.ts'));
    expect(filter.test('/repo/e2e/tests/webOrderDesk.spec.ts')).toBe(true);
    expect(filter.test('/repo/e2e/tests/webOrderDeskPhone.spec.ts')).toBe(false);
    expect(filter.test('/repo/e2e/tests/webOrderDeskXspec.ts')).toBe(false);
  });
});
