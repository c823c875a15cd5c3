/** A versioned build's manifest: `/remotes/<package>/<buildId>/mf-manifest.json`, the id as the registry writes it. */
const VERSIONED_MANIFEST = /\/remotes\/[0-9A-Za-z._-]+\/([0-9A-Za-z.+-]{1,64}-[0-9a-f]{10})\/mf-manifest\.json$/;

/** The build id of a versioned remote's manifest URL; null for an unversioned one (e.g. a plain dev origin). */
export function buildIdOf(manifestUrl: string): string | null {
  const path = manifestUrl.split(/[?#]/, 1)[0] ?? '';
  return VERSIONED_MANIFEST.exec(path)?.[1] ?? null;
}

/** Where a remote's build lives: its folder (scripts under it are the build's) and its origin when not the page's. */
export interface RemoteBuild {
  remote: string;
  buildId: string;
  folder: string;
  foreignOrigin: string | null;
}

/** The versioned builds of a run-time manifest (remote name → mf-manifest.json URL); other entries are left out. */
export function buildsOf(manifest: unknown, pageUrl: string): RemoteBuild[] {
  if (typeof manifest !== 'object' || manifest === null) return [];
  const builds: RemoteBuild[] = [];
  for (const [remote, url] of Object.entries(manifest as Record<string, unknown>)) {
    if (typeof url !== 'string') continue;
    const buildId = buildIdOf(url);
    if (!buildId) continue;
    try {
      const resolved = new URL(url, pageUrl);
      const folder = `${resolved.origin}${resolved.pathname.slice(0, resolved.pathname.lastIndexOf('/') + 1)}`;
      const foreignOrigin = resolved.origin === new URL(pageUrl).origin ? null : resolved.origin;
      builds.push({ remote, buildId, folder, foreignOrigin });
    } catch {
      // an URL that cannot be resolved has no build to report
    }
  }
  return builds;
}

/** The script URL an error came from: the top frame of its stack (Chrome's `at … (url:1:2)`, Firefox's `fn@url:1:2`). */
export function scriptUrlInStack(error: unknown): string | null {
  const stack = typeof error === 'object' && error !== null ? (error as { stack?: unknown }).stack : undefined;
  if (typeof stack !== 'string') return null;
  const match = /https?:\/\/[^\s()@]+/.exec(stack);
  return match ? match[0].replace(/(:\d+){1,2}$/, '') : null;
}

/** The remote whose build `scriptUrl` belongs to: under its folder, else from an origin only that remote uses. */
export function remoteOfScript(scriptUrl: string, builds: readonly RemoteBuild[]): string | null {
  const url = scriptUrl.split(/[?#]/, 1)[0] ?? '';
  const inFolder = builds.find((build) => url.startsWith(build.folder));
  if (inFolder) return inFolder.remote;
  const fromOrigin = builds.filter((build) => build.foreignOrigin !== null && url.startsWith(`${build.foreignOrigin}/`));
  return fromOrigin.length === 1 ? fromOrigin[0]!.remote : null;
}
