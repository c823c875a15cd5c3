import type { Kysely, Transaction } from 'kysely';
import {
  ERROR_CODES,
  type LiveManifest,
  type LiveTable,
  type PromoteInput,
  type PublishBuildInput,
  type ReleaseAction,
  type ReleaseApp,
  type ReleaseMoveInput,
  type ReleaseState,
  type RemoteBuild,
  type RollbackInput,
  type StartCanaryInput,
  BUILD_HASH_LENGTH,
} from 'shared-contracts/schemas';
import { createChangeFeed, type BrokerLog, type ChangeFeed } from '../../broker';
import type { Config } from '../../config';
import { inTransaction } from '../../db/inTransaction';
import type { RemoteReleaseRow } from '../../db/releaseSchema';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import type { Clock } from '../../security/clock';
import { apiContractsVersion } from './contractsVersion';
import { createLiveReleases, type LiveReleases } from './liveReleases';
import { actorColumns, assertMayRelease, type ReleaseActor } from './releaseActor';
import { releaseGate } from './releaseGate';
import { releaseMessages as messages } from './releaseMessages';
import { readBuild, readLiveShellInfo, readReleaseState, stateOf } from './releaseViews';

export interface PublishResult {
  build: RemoteBuild;
  /** False when this very build (same id and content hash) was published before: the stored one is answered. */
  created: boolean;
  state: ReleaseState;
}

/**
 * The release registry's commands (decision 0070), each taking the actor and checking its scope itself; the routes
 * and the CLI's calls all go through them. Every move of the live build or the canary is conditional on the app's
 * version (409 when someone else moved it), audited, and told to every instance's live copy.
 */
export interface ReleaseRegistry {
  publishBuild(actor: ReleaseActor, app: ReleaseApp, input: PublishBuildInput): Promise<PublishResult>;
  startCanary(actor: ReleaseActor, app: ReleaseApp, input: StartCanaryInput): Promise<ReleaseState>;
  /** The named published build becomes live (422 when it already is), else the canary; the canary is cleared. */
  promote(actor: ReleaseActor, app: ReleaseApp, input: PromoteInput): Promise<ReleaseState>;
  /** Live ← the named published build, else the previous live one per the audit; the canary is cleared. */
  rollback(actor: ReleaseActor, app: ReleaseApp, input: RollbackInput): Promise<ReleaseState>;
  stopCanary(actor: ReleaseActor, app: ReleaseApp, input: ReleaseMoveInput): Promise<ReleaseState>;
  state(actor: ReleaseActor, app: ReleaseApp): Promise<ReleaseState>;
  /** Per remote the build this browser gets, from the in-memory copy (no query once read). */
  liveManifest(browserKey: string | undefined): Promise<LiveManifest>;
  /** Every remote's live build and canary, from the same copy. */
  liveTable(): Promise<LiveTable>;
  /** Calls `listener` with the table each time this instance's copy changes; returns the unsubscribe. */
  onLiveChange(listener: (table: LiveTable) => void): () => void;
  start(): Promise<void>;
  close(): Promise<void>;
}

export const RELEASES_POSTGRES_CHANNEL = 'ev_releases_changed';
export const RELEASES_REDIS_CHANNEL_BASE = 'ev-shop:releases-changed';
/** How old the live copy may get before a background read: long with a broker (a missed message), short without. */
export const LIVE_COPY_MAX_AGE_MS = { withBroker: 30_000, alone: 1_000 } as const;

interface Move {
  live: string;
  canary: string | null;
  percent: number;
  event: { action: ReleaseAction; buildId: string; fromBuildId: string | null; percent: number | null };
}

/**
 * The live build before the current one, from the audit's PROMOTE and ROLLBACK events in order: a promote puts its
 * build on top; a rollback to the build just below the top takes the top off, to another build puts that on top.
 */
export function previousLiveBuild(events: readonly { action: string; build_id: string }[]): string | null {
  const lives: string[] = [];
  for (const event of events) {
    if (event.action === 'PROMOTE') lives.push(event.build_id);
    else if (event.action === 'ROLLBACK') {
      if (lives.length >= 2 && lives[lives.length - 2] === event.build_id) lives.pop();
      else lives.push(event.build_id);
    }
  }
  return lives.length >= 2 ? lives[lives.length - 2]! : null;
}

export function createReleaseRegistry(options: { db: Kysely<Database>; clock: Clock; config: Config; log: BrokerLog }): ReleaseRegistry {
  const { db, clock, log } = options;
  const contractsVersion = apiContractsVersion();
  // The feed is made first (it says whether a broker exists), the copy it refreshes right after.
  let live: LiveReleases | null = null;
  const feed: ChangeFeed = createChangeFeed({
    config: options.config,
    db,
    log,
    label: 'release changes',
    redisChannelName: RELEASES_REDIS_CHANNEL_BASE,
    postgresChannelName: RELEASES_POSTGRES_CHANNEL,
    message: 'releases-changed',
    onChange: () => {
      live?.refresh().catch((error: unknown) => log.error({ err: error }, 'releases: reading the live builds failed, serving the last copy'));
    },
  });
  live = createLiveReleases({ db, log, maxAgeMs: feed.shared ? LIVE_COPY_MAX_AGE_MS.withBroker : LIVE_COPY_MAX_AGE_MS.alone });
  const liveCopy = live;

  /** After a committed move: this instance's copy read again (awaited), every other instance told. */
  async function changed(): Promise<void> {
    await feed.changed();
    await liveCopy.settled();
  }

  async function audit(trx: Transaction<Database>, app: ReleaseApp, actor: ReleaseActor, at: string, event: Move['event'], note: string | null): Promise<void> {
    const who = actorColumns(actor);
    await trx
      .insertInto('release_events')
      .values({
        remote: app,
        action: event.action,
        build_id: event.buildId,
        from_build_id: event.fromBuildId,
        percent: event.percent,
        actor_id: who.userId,
        actor_via: who.via,
        token_label: who.tokenLabel,
        note,
        at,
      })
      .execute();
  }

  async function publishedBuild(trx: Kysely<Database>, app: ReleaseApp, buildId: string): Promise<void> {
    const found = await trx.selectFrom('remote_builds').select('id').where('remote', '=', app).where('build_id', '=', buildId).executeTakeFirst();
    if (!found) throw new AppError(404, ERROR_CODES.NOT_FOUND, messages.buildNotFound(buildId), [{ field: 'buildId', message: messages.buildNotFound(buildId) }]);
  }

  /** One conditional move of the app's release row, audited, in one transaction; then told everywhere. */
  async function move(actor: ReleaseActor, app: ReleaseApp, expected: number, note: string | undefined, plan: (row: RemoteReleaseRow, trx: Transaction<Database>) => Promise<Move>): Promise<ReleaseState> {
    assertMayRelease(actor, app);
    const at = clock.now().toISOString();
    const state = await inTransaction(db, async (trx) => {
      const row = await trx.selectFrom('remote_releases').selectAll().where('remote', '=', app).executeTakeFirst();
      if (!row) throw AppError.notFound(messages.noRelease);
      if (row.version !== expected) throw new AppError(409, ERROR_CODES.STALE_VERSION, messages.stale);
      const next = await plan(row, trx);
      const updated = await trx
        .updateTable('remote_releases')
        .set({ live_build_id: next.live, canary_build_id: next.canary, canary_percent: next.percent, version: expected + 1, updated_at: at, updated_by: actorColumns(actor).userId })
        .where('remote', '=', app)
        .where('version', '=', expected)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new AppError(409, ERROR_CODES.STALE_VERSION, messages.stale);
      await audit(trx, app, actor, at, next.event, note ?? null);
      return stateOf({ ...row, live_build_id: next.live, canary_build_id: next.canary, canary_percent: next.percent, version: expected + 1 });
    });
    await changed();
    return state;
  }

  const invalid = (field: string, message: string) => new AppError(422, ERROR_CODES.VALIDATION_ERROR, message, [{ field, message }]);

  /** A build named to go live: published (404 otherwise) and not live already (422). */
  async function namedTarget(trx: Transaction<Database>, app: ReleaseApp, row: RemoteReleaseRow, buildId: string): Promise<string> {
    await publishedBuild(trx, app, buildId);
    if (buildId === row.live_build_id) throw invalid('buildId', messages.alreadyLive);
    return buildId;
  }

  /** The stored build of that id, when its content hash is this one; 409 when another content took the id. */
  async function samePublished(app: ReleaseApp, buildId: string, contentHash: string): Promise<RemoteBuild | null> {
    const stored = await db.selectFrom('remote_builds').select('content_hash').where('remote', '=', app).where('build_id', '=', buildId).executeTakeFirst();
    if (!stored) return null;
    if (stored.content_hash !== contentHash) throw new AppError(409, ERROR_CODES.CONFLICT, messages.hashTaken(buildId));
    return readBuild(db, app, buildId);
  }

  return {
    async publishBuild(actor, app, input) {
      assertMayRelease(actor, app);
      const info = input.releaseInfo;
      const buildId = `${info.version}-${input.contentHash.slice(0, BUILD_HASH_LENGTH)}`;
      const again = await samePublished(app, buildId, input.contentHash);
      if (again) return { build: again, created: false, state: await readReleaseState(db, app) };

      const liveShell = app === 'shell' ? null : await readLiveShellInfo(db);
      const reasons = releaseGate({ app, build: info, liveShell, apiContractsVersion: contractsVersion });
      if (reasons.length > 0) throw new AppError(422, ERROR_CODES.VALIDATION_ERROR, messages.gateRefused, reasons.map((message) => ({ field: 'releaseInfo', message })));

      const at = clock.now().toISOString();
      const who = actorColumns(actor);
      const stored = await inTransaction(db, async (trx) => {
        const inserted = await trx
          .insertInto('remote_builds')
          .values({
            remote: app,
            build_id: buildId,
            version: info.version,
            content_hash: input.contentHash,
            commit: info.commit,
            contracts_version: info.contractsVersion,
            manifest_url: input.manifestUrl,
            release_info: JSON.stringify(info),
            published_by: who.userId,
            published_via: who.via,
            token_label: who.tokenLabel,
            published_at: at,
          })
          .onConflict((conflict) => conflict.columns(['remote', 'build_id']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!inserted) return null;
        await audit(trx, app, actor, at, { action: 'PUBLISH', buildId, fromBuildId: null, percent: null }, null);
        // The app's first build is live at once; every later one is a candidate (canary, promote).
        const first = await trx
          .insertInto('remote_releases')
          .values({ remote: app, live_build_id: buildId, updated_at: at, updated_by: who.userId })
          .onConflict((conflict) => conflict.column('remote').doNothing())
          .returning('remote')
          .executeTakeFirst();
        if (first) await audit(trx, app, actor, at, { action: 'PROMOTE', buildId, fromBuildId: null, percent: null }, messages.firstLive);
        return { becameLive: first !== undefined };
      });
      if (!stored) {
        // Published meanwhile by another call: the same content is that one, another is a conflict.
        const raced = await samePublished(app, buildId, input.contentHash);
        return { build: raced!, created: false, state: await readReleaseState(db, app) };
      }
      if (stored.becameLive) await changed();
      return { build: (await readBuild(db, app, buildId))!, created: true, state: await readReleaseState(db, app) };
    },

    startCanary(actor, app, input) {
      return move(actor, app, input.version, input.note, async (row, trx) => {
        await publishedBuild(trx, app, input.buildId);
        if (input.buildId === row.live_build_id) throw invalid('buildId', messages.alreadyLive);
        return {
          live: row.live_build_id,
          canary: input.buildId,
          percent: input.percent,
          event: { action: 'CANARY', buildId: input.buildId, fromBuildId: row.live_build_id, percent: input.percent },
        };
      });
    },

    promote(actor, app, input) {
      return move(actor, app, input.version, input.note, async (row, trx) => {
        let target: string;
        if (input.buildId !== undefined) {
          target = await namedTarget(trx, app, row, input.buildId);
        } else {
          if (row.canary_build_id === null) throw invalid('version', messages.noCanary);
          target = row.canary_build_id;
        }
        return { live: target, canary: null, percent: 0, event: { action: 'PROMOTE', buildId: target, fromBuildId: row.live_build_id, percent: null } };
      });
    },

    rollback(actor, app, input) {
      return move(actor, app, input.version, input.note, async (row, trx) => {
        let target: string;
        if (input.buildId !== undefined) {
          target = await namedTarget(trx, app, row, input.buildId);
        } else {
          const lives = await trx.selectFrom('release_events').select(['action', 'build_id']).where('remote', '=', app).where('action', 'in', ['PROMOTE', 'ROLLBACK']).orderBy('id').execute();
          const previous = previousLiveBuild(lives);
          if (previous === null || previous === row.live_build_id) throw invalid('buildId', messages.noPrevious);
          target = previous;
        }
        return { live: target, canary: null, percent: 0, event: { action: 'ROLLBACK', buildId: target, fromBuildId: row.live_build_id, percent: null } };
      });
    },

    stopCanary(actor, app, input) {
      return move(actor, app, input.version, input.note, async (row) => {
        if (row.canary_build_id === null) throw invalid('version', messages.noCanary);
        return { live: row.live_build_id, canary: null, percent: 0, event: { action: 'CANARY_STOP', buildId: row.canary_build_id, fromBuildId: row.live_build_id, percent: row.canary_percent } };
      });
    },

    async state(actor, app) {
      assertMayRelease(actor, app);
      return readReleaseState(db, app);
    },

    async liveManifest(browserKey) {
      return { remotes: await liveCopy.manifest(browserKey), contractsVersion };
    },
    liveTable: () => liveCopy.table(),
    onLiveChange: (listener) => liveCopy.onChange(listener),

    start: () => feed.start(),
    async close() {
      await feed.close();
      await liveCopy.settled();
    },
  };
}
