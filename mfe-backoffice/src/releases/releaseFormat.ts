import { formatCalendarDate, vietnamClockOf, vietnamDateOf } from 'shared-contracts/calendar';
import type { RemoteBuild } from 'shared-contracts/schemas';
import { releasesText } from './releasesText';

/** How many digits of a commit are shown (git's short form). */
const SHORT_COMMIT = 7;

/** dd/MM/yyyy HH:mm of an instant in Vietnam. */
export function formatReleaseInstant(instant: string): string {
  return `${formatCalendarDate(vietnamDateOf(instant))} ${vietnamClockOf(instant)}`;
}

/** A commit's short form (a hash's first 7 digits; 'unknown' as it is). */
export function shortCommit(commit: string): string {
  return /^[0-9a-f]{8,}$/i.test(commit) ? commit.slice(0, SHORT_COMMIT) : commit;
}

/** Who published a build: the admin, else the release token's label. */
export function publisherOf(build: Pick<RemoteBuild, 'publishedBy' | 'tokenLabel'>): string {
  if (build.publishedBy) return build.publishedBy.name;
  return build.tokenLabel ? releasesText.byToken(build.tokenLabel) : releasesText.none;
}
