/**
 * The releases module's front door — each remote released alone (issue 68, decision 0070): the published builds of the
 * shell and every remote, the live build and a sticky canary per app with promote and rollback (each conditional on
 * a version, audited), the compatibility gate before a publish, release tokens scoped to one app, the live table the
 * shell's server follows (an in-memory copy kept fresh across instances, streamed on each change), and each build's
 * views and errors, which stop a failing canary. Nothing else of the module is imported from outside.
 */
export { releasesModule } from './releaseRoutes';
export { createReleaseRegistry, type PublishResult, type ReleaseRegistry } from './releaseRegistry';
export { releaseGate, contractsCompatible } from './releaseGate';
export { systemActor, type ReleaseActor } from './releaseActor';
export { makeCurrentBuildsLive, START_ACTOR_LABEL, type CurrentBuildsOutcome } from './currentBuilds';
