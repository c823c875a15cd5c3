import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The folder holding api/package.json, found from this file whether it runs from src/ (tsx) or dist/src/ (the build). */
function findApiRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'api') return dir;
    if (path.dirname(dir) === dir) throw new Error(`api/package.json not found above ${from}`);
  }
}

export const API_ROOT = findApiRoot(__dirname);
/** The repository root (api/ sits right below it). */
export const REPO_ROOT = path.dirname(API_ROOT);
