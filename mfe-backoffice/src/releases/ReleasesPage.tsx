import { useCallback, useState } from 'react';
import { REMOTE_NAMES } from 'shared-contracts';
import { useRefreshOnFocus } from 'shared-contracts/react';
import type { ReleaseApp, ReleaseAppOverview } from 'shared-contracts/schemas';
import { AreaPage } from '../components/AreaPage';
import { ListingState } from '../components/DeskParts';
import { useView, ViewTabs, type ViewTab } from '../components/ViewTabs';
import { latestOf, useAsync } from '../hooks/useAsync';
import { BuildsTable } from './BuildsTable';
import { ReleaseEvents } from './ReleaseEvents';
import { ReleaseStatePanel } from './ReleaseStatePanel';
import { ReleaseTokens } from './ReleaseTokens';
import { releasesApi, type CreatedReleaseToken } from './releasesApi';
import { releasesText as t } from './releasesText';
import { useReleaseWrite } from './useReleaseWrite';
import styles from './Releases.module.css';

const PATH = '/admin/releases';

/** What is released on its own, in the registry's order: the shell, then each remote. */
const APPS: readonly ReleaseApp[] = ['shell', ...REMOTE_NAMES];

const nameOf = (app: ReleaseApp) => t.appName(t.apps[app], app);

/** An app's tab: its name, and the canary's share while one runs. */
function tabOf(app: ReleaseApp, overview: ReleaseAppOverview | undefined): ViewTab<ReleaseApp> {
  const name = nameOf(app);
  return { key: app, label: overview?.canary ? `${name} · ${t.tabCanary(overview.canaryPercent)}` : name };
}

/**
 * "Phát hành giao diện" (/admin/releases, issue 68): per app — the shell and each remote, one tab each (`?view=`) —
 * the live build, the canary and its share, the published builds with canary and rollback, the last changes and the
 * release tokens of its team's pipeline. Read again when the window regains focus and after every write.
 */
export function ReleasesPage() {
  const read = useCallback((signal: AbortSignal) => releasesApi.overview(signal), []);
  const { state, reload } = useAsync(read, { failedText: t.loadFailed });
  const refresh = useCallback(() => reload('keep'), [reload]);
  useRefreshOnFocus(refresh);
  const { run, busy, notice } = useReleaseWrite(refresh);
  const [created, setCreated] = useState<CreatedReleaseToken | null>(null);

  const loaded = latestOf(state);
  const overview = loaded.status === 'ready' ? loaded.data : null;
  const tabs = APPS.map((app) => tabOf(app, overview?.apps.find((entry) => entry.app === app)));
  const current = useView(tabs);
  const shown = overview?.apps.find((entry) => entry.app === current) ?? null;
  const name = nameOf(current);

  return (
    <AreaPage area="admin" path={PATH}>
      <ViewTabs path={PATH} label={t.appsLabel} tabs={tabs} current={current} />
      <ListingState listing={loaded} loadingText={t.loading} retryText={t.retry} onRetry={() => reload('fresh')} />
      {overview && <p className={styles.muted}>{t.contractsVersion(overview.contractsVersion)}</p>}
      {shown && (
        <div className={styles.page}>
          <ReleaseStatePanel overview={shown} name={name} run={run} busy={busy} notice={notice} />
          {shown.builds.length > 0 && <BuildsTable overview={shown} run={run} busy={busy} />}
          <ReleaseEvents events={shown.events} />
          <ReleaseTokens
            overview={shown}
            name={name}
            run={run}
            busy={busy}
            notice={notice}
            created={created?.remote === current ? created : null}
            onCreated={setCreated}
            onDismiss={() => setCreated(null)}
          />
        </div>
      )}
    </AreaPage>
  );
}

export default ReleasesPage;
