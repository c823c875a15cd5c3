import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { contentHashOf, publishFolder, ReleaseError } from '../../../scripts/release/buildFolder';

let work: string;
beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), 'release-folder-'));
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

/** A build's dist: its files (relative path → content), written in the order given. */
function dist(name: string, files: Record<string, string | Buffer>): string {
  const dir = path.join(work, name);
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  }
  return dir;
}

const releaseJson = (overrides: Record<string, unknown> = {}) => JSON.stringify({ app: 'mfe_storefront', package: 'mfe-storefront', version: '1.2.0', ...overrides });
const storefrontFiles = () => ({
  'release.json': releaseJson(),
  'mf-manifest.json': '{"name":"mfe_storefront"}',
  'remoteEntry.js': 'var mfe_storefront;',
  'first-view/home.html': '<main>Trang chủ</main>',
  '114.3a12615c5e.js': Buffer.from([0, 1, 2, 255]),
});

describe('the content hash of a build', () => {
  it('is 10 hex digits, the same for the same files wherever and in whatever order they were written', () => {
    const files = storefrontFiles();
    const reversed = Object.fromEntries(Object.entries(files).reverse());
    const hash = contentHashOf(dist('a', files));
    expect(hash).toMatch(/^[0-9a-f]{10}$/);
    expect(contentHashOf(dist('b', reversed))).toBe(hash);
    expect(contentHashOf(path.join(work, 'a'))).toBe(hash);
  });

  it('changes with one byte of one file, and with a file renamed', () => {
    const hash = contentHashOf(dist('a', storefrontFiles()));
    expect(contentHashOf(dist('b', { ...storefrontFiles(), '114.3a12615c5e.js': Buffer.from([0, 1, 2, 254]) }))).not.toBe(hash);
    const renamed = dist('c', storefrontFiles());
    renameSync(path.join(renamed, 'remoteEntry.js'), path.join(renamed, 'remoteEntry2.js'));
    expect(contentHashOf(renamed)).not.toBe(hash);
  });

  it('is the same for a rebuild of the same code, whose release.json has another build time and commit', () => {
    const hash = contentHashOf(dist('a', storefrontFiles()));
    expect(contentHashOf(dist('b', { ...storefrontFiles(), 'release.json': releaseJson({ builtAt: '2026-11-30T01:00:00.000Z', commit: 'abc123' }) }))).toBe(hash);
  });
});

describe('publishing a build as a versioned folder', () => {
  it('copies the dist to <releases>/<package>/<version>-<hash>/ and answers its id and release info', () => {
    const source = dist('dist', storefrontFiles());
    const releases = path.join(work, 'releases');
    const published = publishFolder(source, releases, 'mfe-storefront');
    const hash = contentHashOf(source);
    expect(published).toEqual({
      buildId: `1.2.0-${hash}`,
      folder: path.join(releases, 'mfe-storefront', `1.2.0-${hash}`),
      contentHash: hash,
      releaseInfo: JSON.parse(releaseJson()),
      created: true,
    });
    expect(readFileSync(path.join(published.folder, 'first-view', 'home.html'), 'utf8')).toBe('<main>Trang chủ</main>');
    expect(contentHashOf(published.folder)).toBe(hash);
    // nothing left beside it (the copy is made aside and renamed into place)
    expect(readdirSync(path.join(releases, 'mfe-storefront'))).toEqual([`1.2.0-${hash}`]);
  });

  it('publishing the same build twice changes nothing', () => {
    const source = dist('dist', storefrontFiles());
    const releases = path.join(work, 'releases');
    const first = publishFolder(source, releases, 'mfe-storefront');
    const writtenAt = statSync(path.join(first.folder, 'remoteEntry.js')).mtimeMs;
    const second = publishFolder(dist('rebuilt', storefrontFiles()), releases, 'mfe-storefront');
    expect(second).toEqual({ ...first, created: false });
    expect(statSync(path.join(first.folder, 'remoteEntry.js')).mtimeMs).toBe(writtenAt);
    expect(readdirSync(path.join(releases, 'mfe-storefront'))).toHaveLength(1);
  });

  it('refuses a different build under an id already published, and leaves the published folder as it was', () => {
    const source = dist('dist', storefrontFiles());
    const releases = path.join(work, 'releases');
    const folder = path.join(releases, 'mfe-storefront', `1.2.0-${contentHashOf(source)}`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'remoteEntry.js'), 'var somethingElse;');
    expect(() => publishFolder(source, releases, 'mfe-storefront')).toThrow(new ReleaseError(`Thư mục ${folder} đã có một bản build khác cùng mã 1.2.0-${contentHashOf(source)}: không ghi đè một bản đã phát hành.`));
    expect(readdirSync(folder)).toEqual(['remoteEntry.js']);
    expect(readFileSync(path.join(folder, 'remoteEntry.js'), 'utf8')).toBe('var somethingElse;');
  });

  it('refuses a dist without release.json, or of another package, or with a version that is no folder name', () => {
    const releases = path.join(work, 'releases');
    expect(() => publishFolder(dist('bare', { 'remoteEntry.js': 'x' }), releases, 'mfe-storefront')).toThrow(/Không thấy release\.json/);
    expect(() => publishFolder(dist('account', { 'release.json': releaseJson({ package: 'mfe-account' }) }), releases, 'mfe-storefront')).toThrow(
      /là của gói mfe-account, không phải mfe-storefront/,
    );
    expect(() => publishFolder(dist('climb', { 'release.json': releaseJson({ version: '../../etc' }) }), releases, 'mfe-storefront')).toThrow(/Phiên bản .* không hợp lệ/);
    expect(() => readdirSync(releases)).toThrow();
  });
});
