/**
 * The releases module's front door — each remote released alone (issue 68, decision 0070): the published builds of the
 * shell and every remote, the live build and a sticky canary per app with promote and rollback (each conditional on
 * a version, audited), the compatibility gate before a publish, release tokens scoped to one app, and the live
 * manifest the shell's server reads from an in-memory copy kept fresh across instances. Nothing else of the module
 * is imported from outside.
 */
export { releasesModule } from './releaseRoutes';
export { createReleaseRegistry, type PublishResult, type ReleaseRegistry } from './releaseRegistry';
export { releaseGate, contractsCompatible } from './releaseGate';
export { systemActor, type ReleaseActor } from './releaseActor';
export { makeCurrentBuildsLive, START_ACTOR_LABEL, type CurrentBuildsOutcome } from './currentBuilds';
