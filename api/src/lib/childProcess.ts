import path from 'node:path';

/**
 * Node's options for a child the API forks from `parentFile`'s folder: none when running compiled .js; from the
 * sources (dev, tests, benches) tsx, with shared-contracts read from its TypeScript (its ev-source export condition)
 * as the API's own process reads it, since its dist may not be built.
 */
export function childExecArgv(parentFile: string): string[] {
  return path.extname(parentFile) === '.ts' ? ['--conditions=ev-source', '--import', 'tsx'] : [];
}
