import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { API_ROOT } from '../../src/apiRoot';
import { renderIllustrations } from './illustrations';

/** Where the catalogue's images live in the repository (served at /api/media/catalogue/...). */
export const CATALOGUE_ASSETS_DIR = path.join(API_ROOT, 'assets', 'catalogue');

/**
 * `npx tsx api/seed/catalogue/generateImages.ts`: (re)writes every SVG illustration of the seed data into
 * api/assets/catalogue/ and deletes the SVG files no seed entry refers to any more. Run it after changing the
 * seed's names; the files are committed (a test checks they match the data).
 */
function run(): void {
  const files = renderIllustrations();
  const folders = new Set<string>();
  for (const [relative, svg] of files) {
    const target = path.join(CATALOGUE_ASSETS_DIR, relative);
    mkdirSync(path.dirname(target), { recursive: true });
    folders.add(path.dirname(target));
    writeFileSync(target, svg, 'utf8');
  }
  let removed = 0;
  for (const folder of folders) {
    for (const name of readdirSync(folder)) {
      const relative = path.relative(CATALOGUE_ASSETS_DIR, path.join(folder, name)).split(path.sep).join('/');
      if (name.endsWith('.svg') && !files.has(relative)) {
        rmSync(path.join(folder, name));
        removed += 1;
      }
    }
  }
  console.log(`Đã tạo ${files.size} ảnh minh họa trong ${CATALOGUE_ASSETS_DIR}${removed ? `, xóa ${removed} ảnh thừa` : ''}.`);
}

if (require.main === module) run();
