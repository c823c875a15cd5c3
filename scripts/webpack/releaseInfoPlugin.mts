import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import webpack, { type Compiler } from 'webpack';
import type * as BusEvents from '../../shared-contracts/src/bus/events.ts';
import type { ReleaseApp } from '../../shared-contracts/src/federation/releaseApps.ts';
import type * as Remotes from '../../shared-contracts/src/federation/remotes.ts';
import type * as RouteTable from '../../shared-contracts/src/routes/routeTable.ts';
import { commitOf, composeReleaseInfo, type ContractFacts } from './releaseInfo.ts';
import { sharedSingletons } from './sharedDependencies.mts';

const CONTRACTS_DIR = path.resolve(import.meta.dirname, '..', '..', 'shared-contracts');

/**
 * The route table, the exposes and the bus events from shared-contracts' TypeScript sources, as the apps compile
 * them. Node strips the config's own types, but those sources import without file extensions (the bundler's
 * resolution), which Node does not resolve: tsx loads them (a scoped loader, nothing else of the build changes).
 * Read once per process (a watching dev server keeps the facts it started with).
 */
let contractFacts: Promise<ContractFacts> | undefined;

async function readContractFacts(): Promise<ContractFacts> {
  const source = (file: string) => tsImport(path.join(CONTRACTS_DIR, 'src', file), import.meta.url);
  const [routes, remotes, bus] = await Promise.all([
    source('routes/routeTable.ts') as Promise<typeof RouteTable>,
    source('federation/remotes.ts') as Promise<typeof Remotes>,
    source('bus/events.ts') as Promise<typeof BusEvents>,
  ]);
  const { version } = JSON.parse(readFileSync(path.join(CONTRACTS_DIR, 'package.json'), 'utf8')) as { version: string };
  return { contractsVersion: version, routes: routes.ROUTES, remoteExposes: remotes.REMOTE_EXPOSES, busEvents: bus.BUS_EVENT_TYPES };
}

export interface ReleaseInfoOptions {
  app: ReleaseApp;
  packageDir: string;
  /** the federation plugin's exposes (a remote) */
  exposes?: Record<string, string>;
}

/** Emits release.json (what the build is and what it agrees to, decision 0070) beside mf-manifest.json. */
export class ReleaseInfoPlugin {
  constructor(private readonly options: ReleaseInfoOptions) {}

  apply(compiler: Compiler) {
    const { app, packageDir, exposes } = this.options;
    compiler.hooks.thisCompilation.tap('ReleaseInfoPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise({ name: 'ReleaseInfoPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, async () => {
        const pkg = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { name: string; version: string };
        const info = composeReleaseInfo(
          {
            app,
            packageName: pkg.name,
            version: pkg.version,
            commit: commitOf(process.env, () => execFileSync('git', ['rev-parse', 'HEAD'], { cwd: packageDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })),
            builtAt: new Date(),
            shared: sharedSingletons(packageDir),
            exposes: Object.keys(exposes ?? {}),
          },
          await (contractFacts ??= readContractFacts()),
        );
        // RELEASE_INFO_FILE of shared-contracts/src/federation/releaseApps.ts
        compilation.emitAsset('release.json', new webpack.sources.RawSource(`${JSON.stringify(info, null, 2)}\n`));
      });
    });
  }
}
