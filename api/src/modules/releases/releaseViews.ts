import type { Kysely } from 'kysely';
import {
  RELEASE_APPS,
  releaseInfoSchema,
  type ReleaseAction,
  type ReleaseApp,
  type ReleaseAppOverview,
  type ReleaseChannel,
  type ReleaseEvent,
  type ReleaseInfo,
  type ReleaseState,
  type ReleaseToken,
  type RemoteBuild,
} from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';
import { toIsoUtc } from '../../db/portable';
import type { RemoteReleaseRow } from '../../db/releaseSchema';

/** How many builds and events the admin's overview lists per app. */
export const OVERVIEW_LIMIT = 50;

type Reader = Kysely<Database>;

function buildsQuery(db: Reader) {
  return db
    .selectFrom('remote_builds as b')
    .leftJoin('users as u', 'u.id', 'b.published_by')
    .leftJoin('release_build_health as h', (join) => join.onRef('h.remote', '=', 'b.remote').onRef('h.build_id', '=', 'b.build_id'))
    .select([
      'b.build_id',
      'b.version',
      'b.content_hash',
      'b.commit',
      'b.contracts_version',
      'b.manifest_url',
      'b.published_at',
      'b.published_via',
      'b.published_by',
      'u.full_name as publisher_name',
      'b.token_label',
      'h.views',
      'h.errors',
    ]);
}

type BuildRow = Awaited<ReturnType<ReturnType<typeof buildsQuery>['executeTakeFirstOrThrow']>>;

function buildView(row: BuildRow): RemoteBuild {
  return {
    buildId: row.build_id,
    version: row.version,
    contentHash: row.content_hash,
    commit: row.commit,
    contractsVersion: row.contracts_version,
    manifestUrl: row.manifest_url,
    publishedAt: toIsoUtc(row.published_at),
    publishedVia: row.published_via as ReleaseChannel,
    publishedBy: row.published_by === null ? null : { id: row.published_by, name: row.publisher_name ?? '' },
    tokenLabel: row.token_label,
    views: Number(row.views ?? 0),
    errors: Number(row.errors ?? 0),
  };
}

export async function readBuild(db: Reader, app: ReleaseApp, buildId: string): Promise<RemoteBuild | null> {
  const row = await buildsQuery(db).where('b.remote', '=', app).where('b.build_id', '=', buildId).executeTakeFirst();
  return row ? buildView(row) : null;
}

export async function readReleaseRow(db: Reader, app: ReleaseApp): Promise<RemoteReleaseRow | null> {
  return (await db.selectFrom('remote_releases').selectAll().where('remote', '=', app).executeTakeFirst()) ?? null;
}

/** What the CLI reads before a write: version 0 and nothing live before the app's first build. */
export function stateOf(row: RemoteReleaseRow | null): ReleaseState {
  if (!row) return { version: 0, live: null, canary: null, percent: 0 };
  return { version: row.version, live: row.live_build_id, canary: row.canary_build_id, percent: row.canary_percent };
}

export async function readReleaseState(db: Reader, app: ReleaseApp): Promise<ReleaseState> {
  return stateOf(await readReleaseRow(db, app));
}

/** The live shell's release info (the gate checks remotes against it), or null before the first shell build. */
export async function readLiveShellInfo(db: Reader): Promise<ReleaseInfo | null> {
  const row = await db
    .selectFrom('remote_releases as r')
    .innerJoin('remote_builds as b', (join) => join.onRef('b.remote', '=', 'r.remote').onRef('b.build_id', '=', 'r.live_build_id'))
    .select('b.release_info')
    .where('r.remote', '=', 'shell')
    .executeTakeFirst();
  if (!row) return null;
  const parsed = releaseInfoSchema.safeParse(JSON.parse(row.release_info));
  return parsed.success ? parsed.data : null;
}

async function appOverview(db: Reader, app: ReleaseApp): Promise<ReleaseAppOverview> {
  const release = await readReleaseRow(db, app);
  const builds = (await buildsQuery(db).where('b.remote', '=', app).orderBy('b.id', 'desc').limit(OVERVIEW_LIMIT).execute()).map(buildView);
  const events = await db
    .selectFrom('release_events as e')
    .leftJoin('users as u', 'u.id', 'e.actor_id')
    .select(['e.id', 'e.action', 'e.build_id', 'e.from_build_id', 'e.percent', 'e.actor_via', 'e.actor_id', 'u.full_name as actor_name', 'e.token_label', 'e.note', 'e.at'])
    .where('e.remote', '=', app)
    .orderBy('e.id', 'desc')
    .limit(OVERVIEW_LIMIT)
    .execute();
  const tokens = await db.selectFrom('release_tokens').select(['id', 'remote', 'label', 'created_at', 'revoked_at']).where('remote', '=', app).orderBy('id', 'desc').execute();
  const find = async (buildId: string | null) => (buildId === null ? null : (builds.find((build) => build.buildId === buildId) ?? (await readBuild(db, app, buildId))));
  return {
    app,
    version: release?.version ?? 0,
    live: await find(release?.live_build_id ?? null),
    canary: await find(release?.canary_build_id ?? null),
    canaryPercent: release?.canary_percent ?? 0,
    updatedAt: release ? toIsoUtc(release.updated_at) : null,
    builds,
    events: events.map(
      (row): ReleaseEvent => ({
        id: row.id,
        action: row.action as ReleaseAction,
        buildId: row.build_id,
        fromBuildId: row.from_build_id,
        percent: row.percent,
        via: row.actor_via as ReleaseChannel,
        actor: row.actor_id === null ? null : { id: row.actor_id, name: row.actor_name ?? '' },
        tokenLabel: row.token_label,
        note: row.note,
        at: toIsoUtc(row.at),
      }),
    ),
    tokens: tokens.map(tokenView),
  };
}

export function tokenView(row: { id: number; remote: string; label: string; created_at: Date | string; revoked_at: Date | string | null }): ReleaseToken {
  return { id: row.id, remote: row.remote as ReleaseApp, label: row.label, createdAt: toIsoUtc(row.created_at), revokedAt: row.revoked_at === null ? null : toIsoUtc(row.revoked_at) };
}

/** GET /api/admin/releases: the shell and every remote. */
export async function releaseOverview(db: Reader): Promise<ReleaseAppOverview[]> {
  const apps: ReleaseAppOverview[] = [];
  for (const app of RELEASE_APPS) apps.push(await appOverview(db, app));
  return apps;
}
