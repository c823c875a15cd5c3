import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');

interface BuildTarget {
  workspace: string;
  /** a file the build writes; its age is the build's age */
  output: string;
  /** folders and files whose changes make the build stale */
  inputs: string[];
}

const SHARED_INPUTS = ['shared-contracts/src', 'package-lock.json', 'tsconfig.base.json'];
const WEBPACK_INPUTS = [...SHARED_INPUTS, 'scripts/webpack'];

/** In dependency order. */
export const BUILD_TARGETS: BuildTarget[] = [
  { workspace: 'shared-contracts', output: 'shared-contracts/dist/index.js', inputs: [...SHARED_INPUTS, 'shared-contracts/tsconfig.build.json'] },
  { workspace: 'api', output: 'api/dist/src/server.js', inputs: [...SHARED_INPUTS, 'api/src', 'api/seed', 'api/tsconfig.build.json'] },
  ...['shell', 'mfe-storefront', 'mfe-account', 'mfe-backoffice'].map((workspace) => ({
    workspace,
    output: workspace === "shell" ? "shell/dist/index.html" : `${workspace}/dist/remoteEntry.js`,
    inputs: [...WEBPACK_INPUTS, `${workspace}/src`, `${workspace}/public`, `${workspace}/webpack.config.mts`, `${workspace}/package.json`],
  })),
];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function isStale(target: BuildTarget): boolean {
  const output = path.join(REPO_ROOT, target.output);
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return target.inputs.some((input) => newestMtime(path.join(REPO_ROOT, input)) > built);
}

/** Builds every package whose sources changed since its last build; returns the ones it built. */
export function ensureBuilt(log: (line: string) => void = console.log): string[] {
  const built: string[] = [];
  for (const target of BUILD_TARGETS) {
    if (!isStale(target)) continue;
    log(`• Đang build ${target.workspace}...`);
    const result = spawnSync('npm', ['run', 'build', '-w', target.workspace], { cwd: REPO_ROOT, stdio: 'inherit', env: process.env });
    if (result.status !== 0) throw new Error(`build of ${target.workspace} failed`);
    built.push(target.workspace);
  }
  return built;
}
