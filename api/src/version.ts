import { readFileSync } from 'node:fs';
import path from 'node:path';

let cached: string | null = null;

/** The API's version, from api/package.json (src/ and dist/ both sit next to it). */
export function apiVersion(): string {
  if (cached === null) {
    const file = path.resolve(__dirname, '..', 'package.json');
    cached = (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version ?? '0.0.0';
  }
  return cached;
}
