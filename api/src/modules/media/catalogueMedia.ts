import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { API_ROOT } from '../../apiRoot';

/** api/assets/catalogue. */
export const CATALOGUE_ASSETS_DIR = path.join(API_ROOT, 'assets', 'catalogue');
export const CATALOGUE_MEDIA_PREFIX = '/api/media/catalogue';

const CONTENT_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
};

export interface CatalogueAsset {
  body: Buffer;
  contentType: string;
  /** Strong ETag over the bytes. */
  etag: string;
  /** First 10 hex digits of the content hash: the `?v=` of the asset's URL. */
  version: string;
}

let index: Map<string, CatalogueAsset> | null = null;

function scan(folder: string, relative: string, into: Map<string, CatalogueAsset>): void {
  for (const name of readdirSync(folder)) {
    const full = path.join(folder, name);
    const rel = relative ? `${relative}/${name}` : name;
    if (statSync(full).isDirectory()) {
      scan(full, rel, into);
      continue;
    }
    const contentType = CONTENT_TYPES[path.extname(name).toLowerCase()];
    if (!contentType) continue;
    const body = readFileSync(full);
    const digest = createHash('sha256').update(body).digest();
    const etag = `"${digest.toString('base64url').slice(0, 32)}"`;
    into.set(rel, { body, contentType, etag, version: digest.toString('hex').slice(0, 10) });
  }
}

/**
 * Every catalogue image, read once into memory (the folder holds small SVG files: well under a megabyte),
 * by its path under api/assets/catalogue ('products/pin-lithium-ion-60v-30ah.svg'). Only these paths are
 * ever served: a request path is a key of this map, never joined to the file system.
 */
export function catalogueAssets(): Map<string, CatalogueAsset> {
  if (!index) {
    const found = new Map<string, CatalogueAsset>();
    if (existsSync(CATALOGUE_ASSETS_DIR)) scan(CATALOGUE_ASSETS_DIR, '', found);
    index = found;
  }
  return index;
}

/**
 * The public URL of a catalogue image, with its content version (`?v=`), so that the response can be cached
 * for a year: a changed image gets a new URL. Unknown paths get a URL without a version (answered 404).
 */
export function catalogueMediaUrl(assetPath: string): string {
  const asset = catalogueAssets().get(assetPath);
  return asset ? `${CATALOGUE_MEDIA_PREFIX}/${assetPath}?v=${asset.version}` : `${CATALOGUE_MEDIA_PREFIX}/${assetPath}`;
}
