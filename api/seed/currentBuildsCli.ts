import { currentBuildsSchema, type CurrentBuild } from 'shared-contracts/schemas';
import { loadConfig } from '../src/config';
import { createDatabase } from '../src/db/createDatabase';
import { migrateToLatest } from '../src/db/migrate';
import { createReleaseRegistry, makeCurrentBuildsLive } from '../src/modules/releases';
import { systemClock } from '../src/security/clock';

/**
 * `node api/dist/seed/currentBuildsCli.js < builds.json` (`npm start`): reads on stdin the JSON array
 * `[{ app, releaseInfo, contentHash, manifestUrl }]` of the working tree's builds, the shell first, and makes each the
 * live build of its app in the release registry, as the system ('Khởi động (npm start)'): published unless it was,
 * promoted unless it is live. Opens the database as seed/cli.ts does (DATABASE_URL, else SQLITE_FILE), migrations
 * applied first. Prints one line per app; exits 1 with the reasons when the registry refuses a build (the gate), or
 * when the input is not such an array.
 */

const log = {
  warn: (details: unknown, message?: string) => console.warn(message ?? details),
  error: (details: unknown, message?: string) => console.error(message ?? details),
};

async function readStdin(): Promise<string> {
  let text = '';
  process.stdin.setEncoding('utf8');
  for await (const chunk of process.stdin) text += chunk as string;
  return text;
}

/** The entries on stdin, or the reasons they are not a list of builds. */
function parseEntries(text: string): { entries: CurrentBuild[] } | { reasons: string[] } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { reasons: ['Đầu vào không phải JSON.'] };
  }
  const parsed = currentBuildsSchema.safeParse(json);
  if (parsed.success) return { entries: parsed.data };
  return { reasons: parsed.error.issues.map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message)) };
}

async function run(): Promise<void> {
  const input = parseEntries(await readStdin());
  if ('reasons' in input) {
    console.error('Không đọc được danh sách bản dựng hiện tại:');
    for (const reason of input.reasons) console.error(`  - ${reason}`);
    process.exitCode = 1;
    return;
  }
  const config = loadConfig();
  const db = createDatabase(config);
  const registry = createReleaseRegistry({ db, clock: systemClock, config, log });
  try {
    await migrateToLatest(db);
    const outcome = await makeCurrentBuildsLive(registry, input.entries);
    for (const build of outcome.live) console.log(`${build.app}: bản dựng ${build.buildId} đang chạy`);
    if (outcome.refused) {
      const { app, buildId, message, reasons } = outcome.refused;
      console.error(`${app}: bản dựng ${buildId} bị từ chối: ${message}`);
      for (const reason of reasons) console.error(`  - ${reason}`);
      process.exitCode = 1;
    }
  } finally {
    await registry.close();
    await db.destroy();
  }
}

run().catch((error: unknown) => {
  console.error('Không đưa được các bản dựng hiện tại lên chạy:', error instanceof Error ? error.message : error);
  process.exit(1);
});
