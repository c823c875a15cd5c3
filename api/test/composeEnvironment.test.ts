import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../src/config';

/**
 * docker-compose.yml must hand the API every setting .env.example asks the operator for: a variable set in .env but
 * not listed under the api service's `environment:` never reaches the container (compose passes only what it names).
 */

/** Variables .env.example names that are not the API's, each with why compose does not pass it to the api service. */
const NOT_THE_APIS: Record<string, string> = {
  POSTGRES_PASSWORD: 'PostgreSQL’s own password: compose gives it to the postgres service and builds DATABASE_URL from it',
};

/** Optional operator settings of README "In production" that .env.example leaves out; the api service passes them too. */
const OPTIONAL_SETTINGS = ['WEB_ORDERS_SHIPPING_CENTRE_ID', 'METRICS_PORT'];

/** Every NAME .env.example sets or shows commented out (`NAME=` or `# NAME=`). */
function envExampleNames(text: string): string[] {
  return [...text.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]!);
}

const indentOf = (line: string) => line.length - line.trimStart().length;
const meaningful = (line: string) => line.trim() !== '' && !line.trimStart().startsWith('#');

/** The lines of the block under `header` (the lines after it indented deeper), from `start`. */
function blockAfter(lines: string[], start: number): string[] {
  const indent = indentOf(lines[start]!);
  const block: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (meaningful(line) && indentOf(line) <= indent) break;
    block.push(line);
  }
  return block;
}

/** The keys of a mapping block at its first key's indent, following `<<: *anchor` merges to the anchored mapping. */
function mappingKeys(lines: string[], block: string[]): string[] {
  const entries = block.filter(meaningful);
  if (entries.length === 0) return [];
  const indent = indentOf(entries[0]!);
  const keys: string[] = [];
  for (const line of entries.filter((entry) => indentOf(entry) === indent)) {
    const merge = /^\s*<<:\s*\*([\w-]+)\s*$/.exec(line);
    if (merge) {
      const anchorLine = lines.findIndex((candidate) => new RegExp(`:\\s*&${merge[1]}\\s*$`).test(candidate));
      if (anchorLine < 0) throw new Error(`docker-compose.yml: no anchor &${merge[1]}`);
      keys.push(...mappingKeys(lines, blockAfter(lines, anchorLine)));
      continue;
    }
    const key = /^\s*([A-Za-z_][\w]*):/.exec(line);
    if (key) keys.push(key[1]!);
  }
  return keys;
}

/** The variable names docker-compose.yml's `service` passes in its `environment:` mapping. */
function composeEnvironment(text: string, service: string): string[] {
  const lines = text.split('\n');
  const services = lines.findIndex((line) => /^services:\s*$/.test(line));
  const serviceBlock = blockAfter(lines, services);
  const serviceIndent = indentOf(serviceBlock.find(meaningful)!);
  const serviceLine = lines.findIndex((line, index) => index > services && indentOf(line) === serviceIndent && line.trim() === `${service}:`);
  if (serviceLine < 0) throw new Error(`docker-compose.yml: no service ${service}`);
  const body = blockAfter(lines, serviceLine);
  const environment = body.findIndex((line) => /^\s*environment:(\s*&[\w-]+)?\s*$/.test(line));
  if (environment < 0) return [];
  const environmentLine = serviceLine + 1 + environment;
  return mappingKeys(lines, blockAfter(lines, environmentLine));
}

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

describe('docker-compose.yml passes the API its settings', () => {
  const apiEnvironment = composeEnvironment(read('docker-compose.yml'), 'api');

  it('reads the api service’s environment, the shared &api-env mapping included', () => {
    expect(apiEnvironment).toEqual(expect.arrayContaining(['NODE_ENV', 'JWT_SECRET', 'DATABASE_URL', 'HOST', 'PORT', 'TRUST_PROXY']));
    expect(composeEnvironment(read('docker-compose.yml'), 'postgres')).toContain('POSTGRES_PASSWORD');
  });

  it('passes every variable .env.example names (except those not the API’s)', () => {
    const names = envExampleNames(read('.env.example'));
    expect(names).toEqual(expect.arrayContaining(['JWT_SECRET', 'PAYOS_CLIENT_ID', 'SEPAY_WEBHOOK_KEY', 'TRUST_PROXY']));
    const missing = names.filter((name) => !(name in NOT_THE_APIS) && !apiEnvironment.includes(name));
    expect(missing).toEqual([]);
  });

  it('passes the optional operator settings README documents', () => {
    expect(OPTIONAL_SETTINGS.filter((name) => !apiEnvironment.includes(name))).toEqual([]);
  });

  it('excludes only variables .env.example still names', () => {
    const names = envExampleNames(read('.env.example'));
    expect(Object.keys(NOT_THE_APIS).filter((name) => !names.includes(name))).toEqual([]);
  });
});
