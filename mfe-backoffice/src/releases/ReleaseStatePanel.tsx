import { useId, useState } from 'react';
import type { ReleaseAppOverview } from 'shared-contracts/schemas';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { BuildFacts, BuildHealthFacts, WriteNotice } from './ReleaseParts';
import { releasesApi } from './releasesApi';
import { releasesText as t } from './releasesText';
import type { ReleaseNotice, RunReleaseWrite } from './useReleaseWrite';
import styles from './Releases.module.css';

interface Props {
  overview: ReleaseAppOverview;
  /** The app's name as the page shows it: "Cửa hàng (mfe_storefront)". */
  name: string;
  run: RunReleaseWrite;
  busy: boolean;
  notice: ReleaseNotice | null;
}

/** No build yet: say so, and how a team's pipeline publishes the first one. */
function NothingPublished({ overview }: { overview: ReleaseAppOverview }) {
  return (
    <div className={styles.empty}>
      <p>{t.empty.text}</p>
      <p className={styles.muted}>{t.empty.how}</p>
      <pre className={styles.command}>
        <code>{t.empty.command(overview.app)}</code>
      </pre>
    </div>
  );
}

/**
 * The app's live build, its canary with its share ("Dừng thử nghiệm", "Đưa lên chính thức"), and "Quay lại bản
 * trước" (confirmed first: every browser moves). Each move carries the release version shown.
 */
export function ReleaseStatePanel({ overview, name, run, busy, notice }: Props) {
  const headingId = useId();
  const [confirmPrevious, setConfirmPrevious] = useState(false);
  const { app, version, live, canary, canaryPercent } = overview;
  const target = { app, section: 'release' } as const;
  const published = overview.builds.length > 0 || live !== null;

  const rollbackPrevious = async () => {
    await run(target, () => releasesApi.rollback(app, { version }));
    setConfirmPrevious(false);
  };

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId}>{name}</h2>
      <WriteNotice notice={notice} target={target} />
      {!published && <NothingPublished overview={overview} />}
      {published && (
        <div className={styles.cards}>
          <section className={styles.card} aria-labelledby={`${headingId}-live`}>
            <h3 id={`${headingId}-live`}>{t.live.heading}</h3>
            {live ? (
              <>
                <BuildFacts build={live} />
                <BuildHealthFacts build={live} />
              </>
            ) : (
              <p className={styles.muted}>{t.live.none}</p>
            )}
            {/* a live build before this one needs a second build */}
            {live && overview.builds.length > 1 && (
              <div className={styles.buttons}>
                <button type="button" className={styles.danger} disabled={busy} onClick={() => setConfirmPrevious(true)}>
                  {t.live.rollbackPrevious}
                </button>
              </div>
            )}
          </section>
          <section className={styles.card} aria-labelledby={`${headingId}-canary`}>
            <h3 id={`${headingId}-canary`}>{t.canary.heading}</h3>
            {canary ? (
              <>
                <p className={styles.share}>
                  {t.canary.share}: <strong>{t.percent(canaryPercent)}</strong>
                </p>
                <BuildFacts build={canary} />
                <BuildHealthFacts build={canary} />
                <p className={styles.muted}>{t.health.hint}</p>
                <div className={styles.buttons}>
                  <button type="button" className={styles.primary} disabled={busy} onClick={() => void run(target, () => releasesApi.promote(app, { version }))}>
                    {t.canary.promote}
                  </button>
                  <button type="button" className={styles.secondary} disabled={busy} onClick={() => void run(target, () => releasesApi.stopCanary(app, { version }))}>
                    {t.canary.stop}
                  </button>
                </div>
              </>
            ) : (
              <p className={styles.muted}>{t.canary.none}</p>
            )}
          </section>
        </div>
      )}
      {confirmPrevious && live && (
        <ConfirmDialog
          title={t.live.rollbackPreviousTitle}
          confirmLabel={t.live.rollbackPrevious}
          busyLabel={t.live.rollingBack}
          cancelLabel={t.cancel}
          tone="danger"
          onConfirm={rollbackPrevious}
          onClose={() => setConfirmPrevious(false)}
        >
          <p>{t.live.rollbackPreviousBody(live.buildId)}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
