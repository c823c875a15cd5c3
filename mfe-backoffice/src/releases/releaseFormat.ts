import { formatCalendarDate, vietnamClockOf, vietnamDateOf } from 'shared-contracts/calendar';
import type { ReleaseChannel, RemoteBuild } from 'shared-contracts/schemas';
import { releasesText } from './releasesText';

/** How many digits of a commit are shown (git's short form). */
const SHORT_COMMIT = 7;

/** dd/MM/yyyy HH:mm of an instant in Vietnam. */
export function formatReleaseInstant(instant: string): string {
  return `${formatCalendarDate(vietnamDateOf(instant))} ${vietnamClockOf(instant)}`;
}

const COUNT = new Intl.NumberFormat('vi-VN');
const RATE = new Intl.NumberFormat('vi-VN', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A count as Vietnamese write it: 12.345. */
export function formatCount(value: number): string {
  return COUNT.format(value);
}

/** Errors per sampled view as a percentage, "35,0 %"; none before the first view. */
export function formatErrorRate({ views, errors }: Pick<RemoteBuild, 'views' | 'errors'>): string {
  return views > 0 ? `${RATE.format((errors / views) * 100)} %` : releasesText.none;
}

/** A commit's short form (a hash's first 7 digits; 'unknown' as it is). */
export function shortCommit(commit: string): string {
  return /^[0-9a-f]{8,}$/i.test(commit) ? commit.slice(0, SHORT_COMMIT) : commit;
}

/** Who acted: the admin, the system (with what acted), else the release token's label. */
export function actorName(via: ReleaseChannel, admin: { name: string } | null, label: string | null): string {
  if (admin) return admin.name;
  if (via === 'SYSTEM') return releasesText.bySystem(label);
  return label ? releasesText.byToken(label) : releasesText.none;
}

/** Who published a build. */
export function publisherOf(build: Pick<RemoteBuild, 'publishedVia' | 'publishedBy' | 'tokenLabel'>): string {
  return actorName(build.publishedVia, build.publishedBy, build.tokenLabel);
}
