import type { RemoteBuild } from 'shared-contracts/schemas';
import { formatCount, formatErrorRate, formatReleaseInstant, publisherOf, shortCommit } from './releaseFormat';
import { releasesText as t } from './releasesText';
import type { NoticeTarget, ReleaseNotice } from './useReleaseWrite';
import styles from './Releases.module.css';

/** The last write's answer where it was made: a message read politely, a refusal announced. */
export function WriteNotice({ notice, target }: { notice: ReleaseNotice | null; target: NoticeTarget }) {
  const shown = notice !== null && notice.app === target.app && notice.section === target.section ? notice : null;
  return (
    <p role={shown?.kind === 'refused' ? 'alert' : 'status'} className={shown?.kind === 'refused' ? styles.alert : styles.done}>
      {shown?.text ?? ''}
    </p>
  );
}

/** A build's facts: id, version, commit (short), when (dd/MM/yyyy HH:mm) and by whom it was published. */
export function BuildFacts({ build }: { build: RemoteBuild }) {
  return (
    <dl className={styles.facts}>
      <div>
        <dt>{t.build.id}</dt>
        <dd className={styles.code}>{build.buildId}</dd>
      </div>
      <div>
        <dt>{t.build.version}</dt>
        <dd>{build.version}</dd>
      </div>
      <div>
        <dt>{t.build.commit}</dt>
        <dd className={styles.code} title={build.commit}>
          {shortCommit(build.commit)}
        </dd>
      </div>
      <div>
        <dt>{t.build.publishedAt}</dt>
        <dd>
          <time dateTime={build.publishedAt}>{formatReleaseInstant(build.publishedAt)}</time>
        </dd>
      </div>
      <div>
        <dt>{t.build.publishedBy}</dt>
        <dd>{publisherOf(build)}</dd>
      </div>
    </dl>
  );
}

/** What the browsers reported of a build while it ran: sampled page views, errors, errors per view. */
export function BuildHealthFacts({ build }: { build: RemoteBuild }) {
  return (
    <dl className={`${styles.facts} ${styles.health}`}>
      <div>
        <dt>{t.health.views}</dt>
        <dd>{formatCount(build.views)}</dd>
      </div>
      <div>
        <dt>{t.health.errors}</dt>
        <dd>{formatCount(build.errors)}</dd>
      </div>
      <div>
        <dt>{t.health.rate}</dt>
        <dd>{formatErrorRate(build)}</dd>
      </div>
    </dl>
  );
}
