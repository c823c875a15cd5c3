/**
 * @jest-environment ./test/nodeServerEnvironment.cjs
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BUS_EVENT_TYPES, REMOTE_EXPOSES, ROUTES } from 'shared-contracts';
import { commitOf, composeReleaseInfo, type BuildFacts, type ContractFacts } from '../../../scripts/webpack/releaseInfo';

const REPO = path.resolve(__dirname, '..', '..', '..');
const contractsVersion = (JSON.parse(readFileSync(path.join(REPO, 'shared-contracts', 'package.json'), 'utf8')) as { version: string }).version;
const installedReact = (JSON.parse(readFileSync(path.join(REPO, 'node_modules', 'react', 'package.json'), 'utf8')) as { version: string }).version;

const contracts: ContractFacts = { contractsVersion, routes: ROUTES, remoteExposes: REMOTE_EXPOSES, busEvents: BUS_EVENT_TYPES };
const build = (overrides: Partial<BuildFacts>): BuildFacts => ({
  app: 'mfe_account',
  packageName: 'mfe-account',
  version: '1.4.0',
  commit: 'abc1234',
  builtAt: new Date('2026-03-01T08:30:00.000Z'),
  shared: { react: { version: '19.3.1', requiredVersion: '^19.3.0' } },
  exposes: ['./routes', './EmailVerificationBanner'],
  ...overrides,
});

describe('release.json composed for a build (scripts/webpack/releaseInfo.ts)', () => {
  it('says what a remote is: its exposes, only the routes it owns, the bus events, no route table of its own', () => {
    const info = composeReleaseInfo(build({}), contracts);
    expect(info).toEqual({
      app: 'mfe_account',
      package: 'mfe-account',
      version: '1.4.0',
      commit: 'abc1234',
      builtAt: '2026-03-01T08:30:00.000Z',
      contractsVersion,
      shared: { react: { version: '19.3.1', requiredVersion: '^19.3.0' } },
      exposes: ['./routes', './EmailVerificationBanner'],
      routes: ROUTES.filter((route) => route.owner === 'mfe_account').map((route) => route.path),
      busEvents: [...BUS_EVENT_TYPES],
    });
    expect(info.routes).toContain('/auth/login');
    expect(info.routes).not.toContain('/products');
  });

  it('gives the shell the whole route table with owners and what it expects each remote to expose', () => {
    const info = composeReleaseInfo(build({ app: 'shell', packageName: 'shell', exposes: [] }), contracts);
    expect(info.exposes).toEqual([]);
    expect(info.routes).toEqual([]);
    expect(info.routeTable).toHaveLength(ROUTES.length);
    expect(info.routeTable).toContainEqual({ path: '/staff', owner: 'mfe_backoffice' });
    expect(info.routeTable?.[0]).toEqual({ path: ROUTES[0]!.path, owner: ROUTES[0]!.owner });
    expect(info.expects).toEqual({ mfe_storefront: ['./routes'], mfe_account: ['./routes', './EmailVerificationBanner'], mfe_backoffice: ['./routes'] });
  });

  it('takes the commit from RELEASE_COMMIT, else git, else says unknown', () => {
    const git = jest.fn(() => 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4\n');
    expect(commitOf({ RELEASE_COMMIT: ' 9f8e7d6 ' }, git)).toBe('9f8e7d6');
    expect(git).not.toHaveBeenCalled();
    expect(commitOf({}, git)).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4');
    expect(
      commitOf({}, () => {
        throw new Error('spawnSync git ENOENT');
      }),
    ).toBe('unknown');
    expect(commitOf({ RELEASE_COMMIT: '' }, () => 'fatal: not a git repository')).toBe('unknown');
  });
});

describe('a remote built with the config every app shares', () => {
  let fixture: string;
  beforeAll(() => {
    mkdirSync(path.join(REPO, '.cache'), { recursive: true });
    // inside the repository, so the fixture resolves react and shared-contracts as the apps do
    fixture = mkdtempSync(path.join(REPO, '.cache', 'release-fixture-'));
    mkdirSync(path.join(fixture, 'src'));
    writeFileSync(path.join(fixture, 'package.json'), JSON.stringify({ name: 'mfe-storefront', version: '2.5.1', private: true, type: 'module' }));
    writeFileSync(path.join(fixture, 'tsconfig.json'), JSON.stringify({ extends: path.join(REPO, 'tsconfig.base.json'), include: ['src'] }));
    writeFileSync(path.join(fixture, 'src', 'routes.ts'), 'export const pages = [];\n');
    const configUrl = pathToFileURL(path.join(REPO, 'scripts', 'webpack', 'createFederatedConfig.mts')).href;
    writeFileSync(
      path.join(fixture, 'webpack.config.mts'),
      `import { createFederatedConfig } from '${configUrl}';\n` +
        `export default (_env: unknown, argv: { mode?: 'production' | 'development' }) =>\n` +
        `  createFederatedConfig({ packageDir: import.meta.dirname, name: 'mfe_storefront', kind: 'remote', port: 3901, exposes: { './routes': './src/routes.ts' } }, argv);\n`,
    );
  });
  afterAll(() => rmSync(fixture, { recursive: true, force: true }));

  it('writes release.json beside mf-manifest.json, true to the package and to shared-contracts', async () => {
    const webpackCli = path.join(REPO, 'node_modules', 'webpack-cli', 'bin', 'cli.js');
    const child = spawn(process.execPath, [webpackCli, '--config', 'webpack.config.mts', '--mode', 'production'], {
      cwd: fixture,
      // No colours: CI forces them, and webpack-cli colours the word "successfully".
      env: { ...process.env, RELEASE_COMMIT: '0123abc', OUTPUT_DIR: '', FORCE_COLOR: '0', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect({ code, output }).toEqual({ code: 0, output: expect.stringContaining('compiled successfully') });

    const dist = path.join(fixture, 'dist');
    expect(existsSync(path.join(dist, 'mf-manifest.json'))).toBe(true);
    const info = JSON.parse(readFileSync(path.join(dist, 'release.json'), 'utf8')) as Record<string, unknown>;
    expect(info).toMatchObject({
      app: 'mfe_storefront',
      package: 'mfe-storefront',
      version: '2.5.1',
      commit: '0123abc',
      contractsVersion,
      exposes: ['./routes'],
      routes: ROUTES.filter((route) => route.owner === 'mfe_storefront').map((route) => route.path),
      busEvents: [...BUS_EVENT_TYPES],
    });
    expect((info.shared as Record<string, unknown>).react).toEqual({ version: installedReact, requiredVersion: `^${installedReact.split('.').slice(0, 2).join('.')}.0` });
    expect(Object.keys(info.shared as object)).toEqual(expect.arrayContaining(['react-dom', 'react-router-dom', 'shared-contracts']));
    expect(Date.now() - Date.parse(info.builtAt as string)).toBeLessThan(120_000);
    expect(info).not.toHaveProperty('routeTable');
  }, 90_000);
});
