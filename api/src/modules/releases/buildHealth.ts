import type { Kysely } from 'kysely';
import { ERROR_CODES, type BuildReport, type ReleaseRemote } from 'shared-contracts/schemas';
import type { BrokerLog } from '../../broker';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/appError';
import type { Clock } from '../../security/clock';
import { systemActor } from './releaseActor';
import type { ReleaseRegistry } from './releaseRegistry';

/** A canary is judged once it has this many sampled views… */
export const CANARY_MIN_VIEWS = 20;
/** …and this many errors (a few errors of a small sample prove nothing)… */
export const CANARY_MIN_ERRORS = 3;
/** …and is stopped when its errors per view exceed the live build's by more than this (5 percentage points)… */
export const CANARY_MAX_EXTRA_ERROR_RATE = 0.05;
/**
 * …at the low end of its rate's 95 % interval (Wilson; z = 1.96). The verdict is taken again after every report, so
 * a rate read bare would stop about one canary in ten that is barely worse than the live build (2 % vs 1 %) on an
 * early run of errors; 0 would read the rate bare.
 */
export const CANARY_CONFIDENCE_Z = 1.96;
/** The system's label when it stops a canary. */
export const AUTO_STOP_LABEL = 'Tự động dừng canary';

/** Rates within this of the threshold count as on it (0.07 − 0.02 is 0.05000000000000001 in floating point). */
const RATE_TOLERANCE = 1e-9;

export interface HealthCounts {
  views: number;
  errors: number;
}

export interface CanaryVerdict {
  stop: boolean;
  canaryRate: number;
  liveRate: number;
}

/** Errors per sampled view (0 before the first view). */
export function errorRate(counts: HealthCounts): number {
  return counts.views > 0 ? counts.errors / counts.views : 0;
}

/** The low end of the Wilson score interval of errors per view (a rate above 1 is taken as 1: every view failed). */
export function errorRateLowBound(counts: HealthCounts, z: number = CANARY_CONFIDENCE_Z): number {
  if (counts.views <= 0) return 0;
  const rate = Math.min(1, counts.errors / counts.views);
  const n = counts.views;
  const spread = z * Math.sqrt((rate * (1 - rate)) / n + (z * z) / (4 * n * n));
  return Math.max(0, (rate + (z * z) / (2 * n) - spread) / (1 + (z * z) / n));
}

/**
 * Whether a canary is worse than the live build (decision 0070): at least CANARY_MIN_VIEWS views and
 * CANARY_MIN_ERRORS errors, and an error rate above the live build's by more than CANARY_MAX_EXTRA_ERROR_RATE even
 * at the low end of its interval (CANARY_CONFIDENCE_Z).
 */
export function canaryVerdict({ canary, live }: { canary: HealthCounts; live: HealthCounts }): CanaryVerdict {
  const canaryRate = errorRate(canary);
  const liveRate = errorRate(live);
  const stop =
    canary.views >= CANARY_MIN_VIEWS && canary.errors >= CANARY_MIN_ERRORS && errorRateLowBound(canary) - liveRate > CANARY_MAX_EXTRA_ERROR_RATE + RATE_TOLERANCE;
  return { stop, canaryRate, liveRate };
}

const PERCENT = new Intl.NumberFormat('vi-VN', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** "Tự động dừng: tỉ lệ lỗi 35,0 % (7/20 lượt xem) so với 0,0 % của bản chính thức". */
export function autoStopNote(canary: HealthCounts, live: HealthCounts): string {
  return `Tự động dừng: tỉ lệ lỗi ${PERCENT.format(errorRate(canary) * 100)} % (${canary.errors}/${canary.views} lượt xem) so với ${PERCENT.format(errorRate(live) * 100)} % của bản chính thức`;
}

export interface BuildHealth {
  /**
   * Adds each report to its build's counters when that build is the remote's live build or its canary (others are
   * ignored); then stops, as the system, a canary the reports made worse than the live build.
   */
  record(reports: readonly BuildReport[]): Promise<void>;
}

export function createBuildHealth(options: { db: Kysely<Database>; clock: Clock; registry: ReleaseRegistry; log: BrokerLog }): BuildHealth {
  const { db, clock, registry, log } = options;
  const stopper = systemActor(AUTO_STOP_LABEL);

  async function countsOf(remote: ReleaseRemote, buildIds: string[]): Promise<Map<string, HealthCounts>> {
    const rows = await db.selectFrom('release_build_health').select(['build_id', 'views', 'errors']).where('remote', '=', remote).where('build_id', 'in', buildIds).execute();
    return new Map(rows.map((row) => [row.build_id, { views: Number(row.views), errors: Number(row.errors) }]));
  }

  async function judge(remote: ReleaseRemote, release: { live_build_id: string; canary_build_id: string; version: number }): Promise<void> {
    const counts = await countsOf(remote, [release.canary_build_id, release.live_build_id]);
    const canary = counts.get(release.canary_build_id) ?? { views: 0, errors: 0 };
    const live = counts.get(release.live_build_id) ?? { views: 0, errors: 0 };
    if (!canaryVerdict({ canary, live }).stop) return;
    try {
      // Conditional on the version read with the canary: a canary moved meanwhile is not stopped by these counts.
      await registry.stopCanary(stopper, remote, { version: release.version, note: autoStopNote(canary, live) });
      log.warn({ remote, canary: release.canary_build_id, ...canary }, 'releases: canary stopped automatically, its error rate is above the live build\'s');
    } catch (error) {
      // Stopped, promoted or moved by someone else meanwhile (409): nothing left to stop.
      if (!(error instanceof AppError && error.code === ERROR_CODES.STALE_VERSION)) throw error;
    }
  }

  return {
    async record(reports) {
      const remotes = [...new Set(reports.map((report) => report.remote))];
      const releases = await db.selectFrom('remote_releases').select(['remote', 'live_build_id', 'canary_build_id', 'version']).where('remote', 'in', remotes).execute();
      const byRemote = new Map(releases.map((row) => [row.remote, row]));
      const at = clock.now().toISOString();
      const judged = new Set<ReleaseRemote>();
      for (const report of reports) {
        const release = byRemote.get(report.remote);
        if (!release || (report.views === 0 && report.errors === 0)) continue;
        const isCanary = report.buildId === release.canary_build_id;
        if (!isCanary && report.buildId !== release.live_build_id) continue;
        await db
          .insertInto('release_build_health')
          .values({ remote: report.remote, build_id: report.buildId, views: report.views, errors: report.errors, updated_at: at })
          .onConflict((conflict) =>
            conflict.columns(['remote', 'build_id']).doUpdateSet((eb) => ({
              views: eb('release_build_health.views', '+', eb.ref('excluded.views')),
              errors: eb('release_build_health.errors', '+', eb.ref('excluded.errors')),
              updated_at: eb.ref('excluded.updated_at'),
            })),
          )
          .execute();
        if (isCanary) judged.add(report.remote);
      }
      for (const remote of judged) {
        const release = byRemote.get(remote)!;
        await judge(remote, { live_build_id: release.live_build_id, canary_build_id: release.canary_build_id!, version: release.version });
      }
    },
  };
}
