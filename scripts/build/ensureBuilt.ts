import { existsSync, readdirSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { runPrefixed } from '../runPrefixed.ts';

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

/**
 * shared-contracts first (the API's build reads its output; the apps compile its source), then the rest, the longest
 * build first.
 */
export const BUILD_TARGETS: BuildTarget[] = [
  { workspace: 'shared-contracts', output: 'shared-contracts/dist/index.js', inputs: [...SHARED_INPUTS, 'shared-contracts/tsconfig.build.json'] },
  { workspace: 'api', output: 'api/dist/src/server.js', inputs: [...SHARED_INPUTS, 'api/src', 'api/seed', 'api/tsconfig.build.json'] },
  ...['mfe-backoffice', 'mfe-storefront', 'mfe-account', 'shell'].map((workspace) => ({
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

/** How many builds run side by side once shared-contracts is built: two lanes fill two cores (a build alone leaves one mostly idle). */
const BUILD_LANES = Math.max(2, Math.min(4, availableParallelism()));

/** `npm run build -w <workspace>`, each line of its output prefixed with the workspace when others run beside it. */
async function build(target: BuildTarget, prefixed: boolean): Promise<void> {
  const code = await runPrefixed('npm', ['run', 'build', '-w', target.workspace], { cwd: REPO_ROOT, env: process.env, prefix: prefixed ? target.workspace : undefined });
  if (code !== 0) throw new Error(`build of ${target.workspace} failed`);
}

/**
 * Builds every package whose sources changed since its last build: shared-contracts alone first, then the others
 * BUILD_LANES at a time. Returns the ones it built; rejects, once every started build has ended, if any failed.
 */
export async function ensureBuilt(log: (line: string) => void = console.log): Promise<string[]> {
  const stale = BUILD_TARGETS.filter(isStale);
  const built: string[] = [];
  const contracts = stale.find((target) => target.workspace === 'shared-contracts');
  if (contracts) {
    log(`• Đang build ${contracts.workspace}...`);
    await build(contracts, false);
    built.push(contracts.workspace);
  }
  const queue = stale.filter((target) => target !== contracts);
  const lanes = Math.min(BUILD_LANES, queue.length);
  const failures: Error[] = [];
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      for (let target = queue.shift(); target && failures.length === 0; target = queue.shift()) {
        log(`• Đang build ${target.workspace}...`);
        try {
          await build(target, lanes > 1);
          built.push(target.workspace);
        } catch (error) {
          failures.push(error as Error);
        }
      }
    }),
  );
  if (failures.length > 0) throw failures[0];
  return built;
}
