import type { ReleaseApp } from '../../shared-contracts/src/federation/releaseApps.ts';
import type { ReleaseInfo } from '../../shared-contracts/src/schemas/releases.ts';
import type { RemoteName } from '../../shared-contracts/src/federation/remotes.ts';

/**
 * release.json, written beside mf-manifest.json by every build (decision 0070): what the build is and what it
 * agrees to with the rest of the site. Its shape is the API's schema (the gate checks a remote's against the live
 * shell's); a remote gives its routes, the shell the route table and what it expects of each remote.
 */
export type { ReleaseInfo };

/** What shared-contracts says of the whole site, read from its sources when the build runs. */
export interface ContractFacts {
  contractsVersion: string;
  routes: readonly { path: string; owner: RemoteName }[];
  remoteExposes: Readonly<Record<RemoteName, readonly string[]>>;
  busEvents: readonly string[];
}

/** What one build knows of itself. */
export interface BuildFacts {
  app: ReleaseApp;
  packageName: string;
  version: string;
  commit: string;
  builtAt: Date;
  shared: Record<string, { version: string; requiredVersion: string }>;
  /** the federation plugin's exposes keys (none for the shell) */
  exposes: readonly string[];
}

export function composeReleaseInfo(build: BuildFacts, contracts: ContractFacts): ReleaseInfo {
  const common = {
    app: build.app,
    package: build.packageName,
    version: build.version,
    commit: build.commit,
    builtAt: build.builtAt.toISOString(),
    contractsVersion: contracts.contractsVersion,
    shared: Object.fromEntries(Object.entries(build.shared).map(([name, { version, requiredVersion }]) => [name, { version, requiredVersion }])),
  };
  const busEvents = [...contracts.busEvents];
  if (build.app === 'shell') {
    return {
      ...common,
      exposes: [],
      routes: [],
      routeTable: contracts.routes.map(({ path, owner }) => ({ path, owner })),
      expects: Object.fromEntries(Object.entries(contracts.remoteExposes).map(([remote, modules]) => [remote, [...modules]])) as Record<RemoteName, string[]>,
      busEvents,
    };
  }
  const app = build.app;
  return {
    ...common,
    exposes: [...build.exposes],
    routes: contracts.routes.filter((route) => route.owner === app).map((route) => route.path),
    busEvents,
  };
}

/** The commit a build is of: RELEASE_COMMIT (a pipeline's), else the checkout's HEAD, else 'unknown' (no git, as in Docker). */
export function commitOf(env: Record<string, string | undefined>, gitHead: () => string): string {
  const given = env.RELEASE_COMMIT?.trim();
  if (given) return given;
  try {
    const head = gitHead().trim();
    return /^[0-9a-f]{7,64}$/.test(head) ? head : 'unknown';
  } catch {
    return 'unknown';
  }
}
