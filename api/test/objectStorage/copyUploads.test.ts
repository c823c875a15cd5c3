import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadS3Settings } from '../../src/config';
import { copyIntoStore, createLocalFolderStore, createS3Store, type ObjectStore } from '../../src/objectStorage';
import { startS3Server, type TestS3Server } from '../support/s3Server';

const run = promisify(execFile);
const API_ROOT = path.join(__dirname, '..', '..');

/** An UPLOAD_DIR as a running shop has it: avatars, product and checklist photos, plus the API's hidden temporaries. */
function uploadDirWith(files: number): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'ev-copy-'));
  for (const kind of ['avatars', 'products', 'checklist']) mkdirSync(path.join(folder, kind));
  for (let i = 0; i < files; i += 1) {
    const kind = ['avatars', 'products', 'checklist'][i % 3]!;
    writeFileSync(path.join(folder, kind, `${i.toString(16).padStart(32, '0')}.webp`), `RIFF photo ${i} ${'x'.repeat(i)}`);
  }
  writeFileSync(path.join(folder, 'avatars', '.upload-abc'), 'a kept upload, never copied');
  return folder;
}

async function bucketKeys(store: ObjectStore): Promise<string[]> {
  const keys: string[] = [];
  for await (const info of store.list('')) keys.push(info.key);
  return keys.sort();
}

describe('copying UPLOAD_DIR into the bucket', () => {
  let s3: TestS3Server;
  let folder: string;
  beforeEach(async () => {
    s3 = await startS3Server();
    folder = uploadDirWith(12);
  });
  afterEach(async () => {
    await s3.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('copies every stored file once: a second run copies nothing and skips them all', async () => {
    const from = createLocalFolderStore(folder);
    const to = createS3Store(loadS3Settings(s3.env, 'test')!);
    expect(await copyIntoStore(from, to)).toEqual({ copied: 12, skipped: 0, failed: 0, failures: [] });
    expect(await bucketKeys(to)).toHaveLength(12);
    expect((await to.head('products/00000000000000000000000000000001.webp'))).toMatchObject({ size: 'RIFF photo 1 x'.length, contentType: 'image/webp' });
    expect(await copyIntoStore(from, to)).toEqual({ copied: 0, skipped: 12, failed: 0, failures: [] });
  });

  it('finishes an interrupted copy on the next run, and copies a file changed since', async () => {
    const from = createLocalFolderStore(folder);
    const to = createS3Store(loadS3Settings(s3.env, 'test')!);
    const stop = new AbortController();
    let done = 0;
    const first = await copyIntoStore(from, to, { signal: stop.signal, onObject: () => (done += 1) === 5 && stop.abort() });
    expect(first).toMatchObject({ copied: 5, failed: 0 });
    expect(await bucketKeys(to)).toHaveLength(5);
    // Same size, other bytes: the MD5 tells them apart.
    const changed = path.join(folder, 'avatars', `${(0).toString(16).padStart(32, '0')}.webp`);
    writeFileSync(changed, 'RIFF photo 0 '.replace('0', '9'));
    expect(await copyIntoStore(from, to)).toEqual({ copied: 8, skipped: 4, failed: 0, failures: [] });
    expect(await bucketKeys(to)).toHaveLength(12);
  });

  it('npm run storage:copy reports its counts in Vietnamese and refuses to run without a bucket', async () => {
    const env = { ...process.env, ...s3.env, UPLOAD_DIR: folder, NODE_ENV: 'development' };
    const tsx = ['--import', 'tsx', path.join(API_ROOT, 'src', 'cli', 'copyUploadsToStorage.ts')];
    const first = await run(process.execPath, tsx, { env, cwd: API_ROOT });
    expect(first.stdout).toContain('Đã chép: 12 · Bỏ qua (đã có): 0 · Lỗi: 0');
    const second = await run(process.execPath, tsx, { env, cwd: API_ROOT });
    expect(second.stdout).toContain('Đã chép: 0 · Bỏ qua (đã có): 12 · Lỗi: 0');
    const withoutBucket = { ...process.env, UPLOAD_DIR: folder, S3_BUCKET: '', S3_ENDPOINT: '', S3_ACCESS_KEY_ID: '', S3_SECRET_ACCESS_KEY: '' };
    await expect(run(process.execPath, tsx, { env: withoutBucket, cwd: API_ROOT })).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('Chưa cấu hình bucket') });
  });
});
