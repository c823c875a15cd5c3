import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createBackup } from '../../src/backup/createBackup';
import type { BackupManifest } from '../../src/backup/manifest';
import { restoreBackup, RestoreRefusedError } from '../../src/backup/restoreBackup';
import { BOOKKEEPING_TABLES } from '../../src/backup/snapshotStats';
import type { DatabaseConfig } from '../../src/config';
import { seed } from '../../seed';
import { testDatabases, useScratchDatabase } from '../support/testDatabases';
import { runCli } from '../cli/runCli';

/**
 * What a user of `npm run restore` reads when a restore is refused: Vietnamese throughout, and the backup's row
 * counts as its manifest records them (data tables, counted as the target's are).
 */

/** English words the old messages used: none may reach the user. */
const ENGLISH = /\b(the|rows?|restore with|is not|does not|backup|manifest lists|missing|mismatch|holds|empty)\b/i;

function cliEnv(config: DatabaseConfig, uploadDir: string): Record<string, string> {
  const database: Record<string, string> = config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : { SQLITE_FILE: config.sqliteFile };
  return { UPLOAD_DIR: uploadDir, NODE_ENV: 'test', ...database };
}

describe.each(testDatabases())('restore refusals on $label', (target) => {
  const source = useScratchDatabase(target, { migrate: true });
  let work = '';
  let uploadDir = '';
  let folder = '';
  let manifest: BackupManifest;
  let dataRows = 0;
  let dataTables = 0;

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'ev-restore-messages-'));
    await seed(source.db, { demoHistory: false });
    uploadDir = path.join(work, 'uploads');
    mkdirSync(uploadDir, { recursive: true });
    writeFileSync(path.join(uploadDir, 'a.txt'), 'ảnh');
    ({ folder, manifest } = await createBackup({ database: source.config, uploadDir, outDir: path.join(work, 'backups') }));
    const data = Object.entries(manifest.tables).filter(([table]) => !BOOKKEEPING_TABLES.has(table));
    dataRows = data.reduce((sum, [, rows]) => sum + rows, 0);
    dataTables = data.length;
  });

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('refuses a target with data in Vietnamese, stating the manifest’s row and table counts', async () => {
    expect(dataRows).toBeGreaterThan(0);
    const refusal = await restoreBackup({ folder, database: source.config, uploadDir }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(RestoreRefusedError);
    const message = (refusal as RestoreRefusedError).message;
    // The target is the database the backup was made of, unchanged: the same count on both sides.
    expect(message).toBe(
      `cơ sở dữ liệu đích đang có ${dataRows} dòng dữ liệu và thư mục tải lên ${uploadDir} không trống ` +
        `(bản sao lưu có ${dataRows} dòng dữ liệu trong ${dataTables} bảng, theo manifest); thêm --force để ghi đè`,
    );
    expect(message).not.toMatch(ENGLISH);
  });

  it('prints the refusal in Vietnamese through npm run restore (exit 3)', async () => {
    const run = await runCli('src/cli/restore.ts', [folder], cliEnv(source.config, uploadDir));
    expect(run.code).toBe(3);
    expect(run.stderr).toContain(`Từ chối khôi phục: cơ sở dữ liệu đích đang có ${dataRows} dòng dữ liệu`);
    expect(run.stderr).toContain(`(bản sao lưu có ${dataRows} dòng dữ liệu trong ${dataTables} bảng, theo manifest)`);
    expect(run.stderr).not.toMatch(ENGLISH);
  });

  it('refuses a tampered file and a missing manifest in Vietnamese', async () => {
    const tampered = path.join(work, 'tampered');
    mkdirSync(tampered);
    await expect(restoreBackup({ folder: tampered, database: source.config, uploadDir })).rejects.toThrow(/^không đọc được .*manifest\.json/);
    writeFileSync(path.join(folder, 'uploads', 'extra.sh'), 'echo hi');
    const refusal = await restoreBackup({ folder, database: source.config, uploadDir }).then(
      () => null,
      (error: unknown) => error as Error,
    );
    expect(refusal?.message).toMatch(
      new RegExp(`^bản sao lưu không khớp manifest \\(1 lỗi, manifest liệt kê ${Object.keys(manifest.files).length} tệp\\): uploads/extra\\.sh: không có trong manifest$`),
    );
    rmSync(path.join(folder, 'uploads', 'extra.sh'));
  });
});
