import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { createBackup } from '../../src/backup/createBackup';
import { restoreBackup, RestoreRefusedError } from '../../src/backup/restoreBackup';
import { loadS3Settings } from '../../src/config';
import { createS3Store, type ObjectStore } from '../../src/objectStorage';
import { startS3Server, type TestS3Server } from '../support/s3Server';
import { testDatabases, useScratchDatabase, type ScratchDatabase } from '../support/testDatabases';

async function text(body: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function keys(store: ObjectStore): Promise<string[]> {
  const found: string[] = [];
  for await (const info of store.list('')) found.push(info.key);
  return found.sort();
}

describe.each(testDatabases())('backup and restore with the files in an S3 bucket on $label', (target) => {
  const source = useScratchDatabase(target);
  let s3: TestS3Server;
  let work: string;
  let restoreTarget: ScratchDatabase | null = null;
  beforeAll(async () => {
    s3 = await startS3Server({ buckets: ['evshop-live', 'evshop-restored'] });
    work = mkdtempSync(path.join(tmpdir(), 'ev-backup-bucket-'));
  });
  afterAll(async () => {
    await restoreTarget?.drop();
    await s3.close();
    rmSync(work, { recursive: true, force: true });
  });

  it("puts the bucket's objects into the backup and the restore puts them back into an empty bucket", async () => {
    const live = createS3Store(loadS3Settings({ ...s3.env, S3_BUCKET: 'evshop-live' }, 'test')!);
    await live.put('avatars/aaaa.webp', Buffer.from('avatar bytes'), 'image/webp');
    await live.put('products/bbbb.webp', Buffer.from('product photo bytes'), 'image/webp');
    const uploadDir = path.join(work, 'uploads-of-this-host');

    const { folder, manifest } = await createBackup({ database: source.config, uploadDir, bucket: live, outDir: path.join(work, 'backups') });
    expect(Object.keys(manifest.files).filter((name) => name.startsWith('uploads/')).sort()).toEqual(['uploads/avatars/aaaa.webp', 'uploads/products/bbbb.webp']);
    expect(readFileSync(path.join(folder, 'uploads', 'products', 'bbbb.webp'), 'utf8')).toBe('product photo bytes');

    restoreTarget = await target.create();
    const restored = createS3Store(loadS3Settings({ ...s3.env, S3_BUCKET: 'evshop-restored' }, 'test')!);
    await restoreBackup({ folder, database: restoreTarget.config, uploadDir, bucket: restored });
    expect(await keys(restored)).toEqual(['avatars/aaaa.webp', 'products/bbbb.webp']);
    expect(await text((await restored.get('avatars/aaaa.webp'))!.body)).toBe('avatar bytes');

    // A bucket with files is not overwritten without --force; with it, it ends holding exactly the backup's.
    await restored.put('checklist/cccc.webp', Buffer.from('newer photo'), 'image/webp');
    const refused = restoreBackup({ folder, database: restoreTarget.config, uploadDir, bucket: restored });
    await expect(refused).rejects.toBeInstanceOf(RestoreRefusedError);
    await expect(refused).rejects.toThrow('bucket evshop-restored');
    await restoreBackup({ folder, database: restoreTarget.config, uploadDir, bucket: restored, force: true });
    expect(await keys(restored)).toEqual(['avatars/aaaa.webp', 'products/bbbb.webp']);
  });
});
