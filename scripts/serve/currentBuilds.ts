import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { RELEASE_APP_PACKAGES, RELEASE_APPS } from '../../shared-contracts/src/federation/releaseApps.ts';
import { publishFolder } from '../release/buildFolder.ts';
import { RELEASES_PREFIX } from './staticSite.ts';

/**
 * `npm start` ships what it built (decision 0070): each app's dist is published to the releases folder (a build
 * already there is not copied again) and the API's seed makes it the live build, the shell first so the remotes pass
 * the gate against it. A remote's manifest URL is a path of the shell's site, which serves the folder.
 */
export function makeCurrentBuildsLive(options: { repoRoot: string; releasesDir: string; env: NodeJS.ProcessEnv }): void {
  const entries = RELEASE_APPS.map((app) => {
    const packageName = RELEASE_APP_PACKAGES[app];
    const published = publishFolder(path.join(options.repoRoot, packageName, 'dist'), options.releasesDir, packageName);
    return {
      app,
      releaseInfo: published.releaseInfo,
      contentHash: published.contentHash,
      manifestUrl: `${RELEASES_PREFIX}${packageName}/${published.buildId}/mf-manifest.json`,
    };
  });
  const run = spawnSync(process.execPath, [path.join(options.repoRoot, 'api/dist/seed/currentBuildsCli.js')], {
    env: options.env,
    input: JSON.stringify(entries),
    stdio: ['pipe', 'inherit', 'inherit'],
  });
  if (run.status !== 0) throw new Error('the current builds could not be made live (see above)');
}
