import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The federation share scope (DESIGN §1, §5): singletons with an explicit requiredVersion taken from the
 * one installed copy (one root lock file), so every app agrees.
 *
 * rxjs is not a share of its own: only shared-contracts uses it (the bus and the session), and
 * shared-contracts is a singleton, so the page still has one bus on one rxjs. Sharing rxjs whole would
 * ship all of it (no tree shaking for shared modules) and break the 200 KB first-load budget; a remote that
 * imports rxjs itself gets the few operators it uses bundled (docs/decisions/0001-remotes-found-at-run-time.md).
 */
const SINGLETONS = [
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-runtime',
  'react-router',
  'react-router-dom',
  'redux',
  'react-redux',
  '@reduxjs/toolkit',
  'shared-contracts',
] as const;

function installedVersion(fromDir: string, request: string): string {
  const packageName = request.startsWith('@') ? request.split('/').slice(0, 2).join('/') : request.split('/')[0]!;
  const require = createRequire(path.join(fromDir, 'package.json'));
  const manifestPath = require.resolve(`${packageName}/package.json`);
  return (JSON.parse(readFileSync(manifestPath, 'utf8')) as { version: string }).version;
}

export interface SharedEntry {
  singleton: true;
  requiredVersion: string;
  eager: false;
}

/** A singleton as a build provides it: the installed version and the range every app requires. */
export interface SharedSingleton {
  version: string;
  requiredVersion: string;
}

/** Each singleton's installed version and required range (the share scope below; a build's release.json). */
export function sharedSingletons(fromDir: string): Record<string, SharedSingleton> {
  const singletons: Record<string, SharedSingleton> = {};
  for (const request of SINGLETONS) {
    const version = installedVersion(fromDir, request);
    const [major, minor] = version.split('.');
    singletons[request] = { version, requiredVersion: `^${major}.${minor}.0` };
  }
  return singletons;
}

export function sharedDependencies(fromDir: string): Record<string, SharedEntry> {
  const shared: Record<string, SharedEntry> = {};
  for (const [request, { requiredVersion }] of Object.entries(sharedSingletons(fromDir))) {
    shared[request] = { singleton: true, requiredVersion, eager: false };
  }
  return shared;
}
