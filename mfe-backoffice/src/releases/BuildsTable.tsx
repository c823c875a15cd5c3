import { useId, useState } from 'react';
import type { ReleaseAppOverview, RemoteBuild } from 'shared-contracts/schemas';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { ScrollRegion } from '../components/ScrollRegion';
import { CanaryDialog } from './CanaryDialog';
import { formatReleaseInstant, publisherOf, shortCommit } from './releaseFormat';
import { releasesApi } from './releasesApi';
import { releasesText } from './releasesText';
import type { RunReleaseWrite } from './useReleaseWrite';
import styles from './Releases.module.css';

const t = releasesText.builds;

interface Props {
  overview: ReleaseAppOverview;
  run: RunReleaseWrite;
  busy: boolean;
}

type Dialog = { kind: 'canary' | 'rollback'; build: RemoteBuild } | null;

/**
 * The app's published builds, newest first: each one's facts and where it runs now; any build but the live one can be
 * given to a share of browsers ("Thử nghiệm") or made live for all ("Quay lại bản này", confirmed first).
 */
export function BuildsTable({ overview, run, busy }: Props) {
  const headingId = useId();
  const [dialog, setDialog] = useState<Dialog>(null);
  const { app, version, live, canary, canaryPercent, builds } = overview;
  const target = { app, section: 'release' } as const;
  const close = () => setDialog(null);

  const startCanary = async (buildId: string, percent: number) => {
    await run(target, () => releasesApi.canary(app, { buildId, percent, version }));
    close();
  };
  const rollbackTo = async (buildId: string) => {
    await run(target, () => releasesApi.rollback(app, { buildId, version }));
    close();
  };

  const statusOf = (build: RemoteBuild) => {
    if (build.buildId === live?.buildId) return t.isLive;
    if (build.buildId === canary?.buildId) return t.isCanary(canaryPercent);
    return releasesText.none;
  };

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId}>{t.heading}</h2>
      <ScrollRegion className={styles.tableWrap} label={t.caption}>
        <table className={styles.table}>
          <caption className={styles.visuallyHidden}>{t.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{releasesText.build.id}</th>
              <th scope="col">{releasesText.build.version}</th>
              <th scope="col">{releasesText.build.commit}</th>
              <th scope="col">{releasesText.build.contracts}</th>
              <th scope="col">{releasesText.build.publishedAt}</th>
              <th scope="col">{releasesText.build.publishedBy}</th>
              <th scope="col">{t.status}</th>
              <th scope="col">{t.actions}</th>
            </tr>
          </thead>
          <tbody>
            {builds.map((build) => {
              const isLive = build.buildId === live?.buildId;
              return (
                <tr key={build.buildId} className={isLive ? styles.liveRow : undefined}>
                  <th scope="row" className={styles.code}>
                    {build.buildId}
                  </th>
                  <td>{build.version}</td>
                  <td className={styles.code} title={build.commit}>
                    {shortCommit(build.commit)}
                  </td>
                  <td>{build.contractsVersion}</td>
                  <td>
                    <time dateTime={build.publishedAt}>{formatReleaseInstant(build.publishedAt)}</time>
                  </td>
                  <td>{publisherOf(build)}</td>
                  <td>{statusOf(build)}</td>
                  <td>
                    {isLive ? (
                      releasesText.none
                    ) : (
                      <div className={styles.rowActions}>
                        <button type="button" className={styles.secondary} disabled={busy} aria-label={releasesText.named(t.startCanary, build.buildId)} onClick={() => setDialog({ kind: 'canary', build })}>
                          {t.startCanary}
                        </button>
                        <button type="button" className={styles.danger} disabled={busy} aria-label={releasesText.named(t.rollbackTo, build.buildId)} onClick={() => setDialog({ kind: 'rollback', build })}>
                          {t.rollbackTo}
                        </button>
                      </div>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollRegion>
      {dialog?.kind === 'canary' && (
        <CanaryDialog
          buildId={dialog.build.buildId}
          initialPercent={dialog.build.buildId === canary?.buildId ? canaryPercent : releasesText.canaryForm.defaultPercent}
          busy={busy}
          onStart={(percent) => startCanary(dialog.build.buildId, percent)}
          onClose={close}
        />
      )}
      {dialog?.kind === 'rollback' && (
        <ConfirmDialog
          title={t.rollbackTitle(dialog.build.buildId)}
          confirmLabel={t.rollbackTo}
          busyLabel={t.rollingBack}
          cancelLabel={releasesText.cancel}
          tone="danger"
          onConfirm={() => rollbackTo(dialog.build.buildId)}
          onClose={close}
        >
          <p>{t.rollbackBody(dialog.build.buildId, live?.buildId ?? null)}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
