import { readFileSync } from 'node:fs';
import path from 'node:path';
import { API_ROOT } from './apiRoot';

let cached: string | null = null;

/** The API's version, from api/package.json. */
export function apiVersion(): string {
  if (cached === null) {
    const file = path.join(API_ROOT, 'package.json');
    cached = (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version ?? '0.0.0';
  }
  return cached;
}
