import { BUILD_HASH_LENGTH, type CurrentBuild, type ReleaseApp } from 'shared-contracts/schemas';
import { AppError } from '../../http/appError';
import { systemActor, type ReleaseActor } from './releaseActor';
import type { ReleaseRegistry } from './releaseRegistry';

/** The system's label when the start script makes the working tree's builds live. */
export const START_ACTOR_LABEL = 'Khởi động (npm start)';

export interface CurrentBuildLive {
  app: ReleaseApp;
  buildId: string;
  /** False when the build was published before. */
  published: boolean;
  /** False when it was live already. */
  promoted: boolean;
}

export interface CurrentBuildRefused {
  app: ReleaseApp;
  buildId: string;
  /** The registry's Vietnamese answer (the gate's, a build id taken by other content, a concurrent move). */
  message: string;
  reasons: string[];
}

export interface CurrentBuildsOutcome {
  /** The builds made (or found) live, in the order given. */
  live: CurrentBuildLive[];
  /** The first build the registry refused; the ones after it were not tried. */
  refused: CurrentBuildRefused | null;
}

/**
 * Makes each build live in the order given (the shell first, so the remotes are gated against it): published by the
 * system unless it was before, then promoted by name unless it is live already. A second run with the same builds
 * writes nothing. Stops at the first build the registry refuses (4xx), with its reasons.
 */
export async function makeCurrentBuildsLive(registry: ReleaseRegistry, entries: readonly CurrentBuild[], actor: ReleaseActor = systemActor(START_ACTOR_LABEL)): Promise<CurrentBuildsOutcome> {
  const live: CurrentBuildLive[] = [];
  for (const { app, ...input } of entries) {
    const buildId = `${input.releaseInfo.version}-${input.contentHash.slice(0, BUILD_HASH_LENGTH)}`;
    try {
      const published = await registry.publishBuild(actor, app, input);
      const promoted = published.state.live !== published.build.buildId;
      if (promoted) await registry.promote(actor, app, { version: published.state.version, buildId: published.build.buildId });
      live.push({ app, buildId: published.build.buildId, published: published.created, promoted });
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      return { live, refused: { app, buildId, message: error.message, reasons: (error.errors ?? []).map((reason) => reason.message) } };
    }
  }
  return { live, refused: null };
}
