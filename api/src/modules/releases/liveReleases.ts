import type { Kysely } from 'kysely';
import { inCanary, RELEASE_REMOTES, type LiveRemote, type LiveTable, type ReleaseRemote } from 'shared-contracts/schemas';
import type { BrokerLog } from '../../broker';
import type { Database } from '../../db/schema';

/** One remote's live build and canary, as the manifest serves them. */
interface LiveEntry {
  live: { buildId: string; url: string };
  canary: { buildId: string; url: string; percent: number } | null;
}

export { inCanary };

/**
 * This instance's copy of every remote's live build and canary, so the manifest costs no query: read once, read
 * again at once when a release changes (here, or on another instance through the change feed), and in the background
 * when older than `maxAgeMs` (the safety net for a missed message, and all there is without a broker).
 */
export interface LiveReleases {
  /** Per remote with a live build, the build `browserKey` gets (no key: the live one). */
  manifest(browserKey: string | undefined): Promise<Partial<Record<ReleaseRemote, LiveRemote>>>;
  /** Reads the rows again (a read that starts after this call); resolves when the copy holds it. */
  refresh(): Promise<void>;
  /** The read under way, if any (a writer awaits it after telling the feed). */
  settled(): Promise<void>;
  /** Every remote's live build and canary, as last read (the shell's server computes each browser's share itself). */
  table(): Promise<LiveTable>;
  /** Calls `listener` with the table after each read that changed it; returns the unsubscribe. */
  onChange(listener: (table: LiveTable) => void): () => void;
}

function tableOf(entries: Map<ReleaseRemote, LiveEntry> | null): LiveTable {
  const remotes: LiveTable['remotes'] = {};
  for (const [remote, entry] of entries ?? []) remotes[remote] = { live: entry.live, canary: entry.canary };
  return { remotes };
}

async function readEntries(db: Kysely<Database>): Promise<Map<ReleaseRemote, LiveEntry>> {
  const rows = await db
    .selectFrom('remote_releases as r')
    .innerJoin('remote_builds as lb', (join) => join.onRef('lb.remote', '=', 'r.remote').onRef('lb.build_id', '=', 'r.live_build_id'))
    .leftJoin('remote_builds as cb', (join) => join.onRef('cb.remote', '=', 'r.remote').onRef('cb.build_id', '=', 'r.canary_build_id'))
    .select(['r.remote', 'r.live_build_id', 'lb.manifest_url as live_url', 'r.canary_build_id', 'cb.manifest_url as canary_url', 'r.canary_percent'])
    .where('r.remote', 'in', [...RELEASE_REMOTES])
    .execute();
  const entries = new Map<ReleaseRemote, LiveEntry>();
  for (const row of rows) {
    const canary = row.canary_build_id && row.canary_url && row.canary_percent > 0 ? { buildId: row.canary_build_id, url: row.canary_url, percent: row.canary_percent } : null;
    entries.set(row.remote as ReleaseRemote, { live: { buildId: row.live_build_id, url: row.live_url }, canary });
  }
  return entries;
}

export function createLiveReleases(options: { db: Kysely<Database>; log: BrokerLog; maxAgeMs: number }): LiveReleases {
  const { db, log, maxAgeMs } = options;
  let entries: Map<ReleaseRemote, LiveEntry> | null = null;
  let readAt = 0;
  let requested = 0;
  let done = 0;
  let running: Promise<void> | null = null;
  const listeners = new Set<(table: LiveTable) => void>();
  let lastTold = '';
  const tell = () => {
    const table = tableOf(entries);
    const told = JSON.stringify(table);
    if (told === lastTold) return;
    lastTold = told;
    for (const listener of listeners) {
      try {
        listener(table);
      } catch (error) {
        log.error({ err: error }, 'releases: a listener of the live builds failed');
      }
    }
  };

  function refresh(): Promise<void> {
    requested += 1;
    running ??= (async () => {
      try {
        // A change told while a read is under way asks for one more read, which starts after it.
        while (done < requested) {
          const target = requested;
          entries = await readEntries(db);
          readAt = Date.now();
          done = target;
          tell();
        }
      } finally {
        running = null;
      }
    })();
    return running;
  }

  /** The copy, read first if there is none, read again in the background when older than maxAgeMs. */
  async function current(): Promise<void> {
    if (!entries) await (running ?? refresh());
    else if (Date.now() - readAt > maxAgeMs && !running) {
      refresh().catch((error: unknown) => log.error({ err: error }, 'releases: reading the live builds failed, serving the last copy'));
    }
  }

  return {
    async manifest(browserKey) {
      await current();
      const remotes: Partial<Record<ReleaseRemote, LiveRemote>> = {};
      for (const [remote, entry] of entries ?? []) {
        const canary = entry.canary !== null && browserKey !== undefined && inCanary(browserKey, remote, entry.canary.percent);
        const build = canary ? entry.canary! : entry.live;
        remotes[remote] = { url: build.url, buildId: build.buildId, canary };
      }
      return remotes;
    },
    refresh,
    async settled() {
      await running?.catch(() => undefined);
    },
    async table() {
      await current();
      return tableOf(entries);
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
