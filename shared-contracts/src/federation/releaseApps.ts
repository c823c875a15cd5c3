import { REMOTE_NAMES, REMOTE_PACKAGES, type RemoteName } from './remotes';

/**
 * What is released on its own (decision 0070): the shell and each remote, by federation name. The registry keys
 * its rows by these names; the shell is registered too, since the gate checks a remote against the live shell.
 */
export const RELEASE_APPS = ['shell', ...REMOTE_NAMES] as const;
export type ReleaseApp = (typeof RELEASE_APPS)[number];

/** The package each released app is built from (its dist, its folder of versioned builds). */
export const RELEASE_APP_PACKAGES: Record<ReleaseApp, string> = { shell: 'shell', ...REMOTE_PACKAGES };

/** The file every build writes beside its mf-manifest.json: what the build is and what it agrees to. */
export const RELEASE_INFO_FILE = 'release.json';

export function isReleaseApp(value: string): value is ReleaseApp {
  return (RELEASE_APPS as readonly string[]).includes(value);
}

export function isRemoteApp(app: ReleaseApp): app is RemoteName {
  return app !== 'shell';
}

/** A published build's id, also its folder's name: its version and the first 10 hex digits of its content hash. */
export function releaseBuildId(version: string, contentHash: string): string {
  return `${version}-${contentHash}`;
}
