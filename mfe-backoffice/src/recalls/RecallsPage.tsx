import { useCallback, useId, useState } from 'react';
import { RECALL_VEHICLE_STATES } from 'shared-contracts/pricing';
import type { RecallCampaign } from 'shared-contracts/schemas';
import { messageOf } from '../api/apiErrors';
import { AreaPage } from '../components/AreaPage';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { ListMessages } from '../components/ListMessages';
import { ScrollRegion } from '../components/ScrollRegion';
import { useAsync } from '../hooks/useAsync';
import { RecallCompletionPanel } from './RecallCompletionPanel';
import { RecallCreateDialog } from './RecallCreateDialog';
import { recallsApi } from './recallsApi';
import { recallsText } from './recallsText';
import styles from './Recalls.module.css';

const t = recallsText.page;
const readCampaigns = (signal: AbortSignal) => recallsApi.list(signal);
const vietnamDate = (isoDate: string) => isoDate.split('-').reverse().join('/');

/** The campaigns: code, title, scope, window, the vehicles per state, status; create (with the VIN list CSV) and close. */
function RecallsAdmin() {
  const titleId = useId();
  const { state, reload } = useAsync(readCampaigns, { failedText: t.loadFailed, start: 'keep' });
  const campaigns = state.data ?? null;
  const failed = state.loading ? null : state.error;
  const [announcement, setAnnouncement] = useState('');
  const [actionError, setActionError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [closing, setClosing] = useState<RecallCampaign | null>(null);

  const close = useCallback(
    async (campaign: RecallCampaign) => {
      setActionError(null);
      try {
        await recallsApi.close(campaign.id);
        setAnnouncement(t.closed(campaign.code));
      } catch (error) {
        setActionError(messageOf(error, t.actionFailed));
      } finally {
        setClosing(null);
        reload();
      }
    },
    [reload],
  );

  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId}>{t.title}</h2>
      <div className={styles.toolbar}>
        <button type="button" className={styles.primary} onClick={() => setCreating(true)}>
          {t.create}
        </button>
      </div>
      <ListMessages
        announcement={announcement}
        actionError={actionError}
        failed={failed}
        onRetry={() => reload()}
        retryLabel={t.retry}
        loading={!campaigns && !failed}
        loadingLabel={t.loading}
        empty={campaigns !== null && campaigns.length === 0}
        emptyLabel={t.empty}
      />
      {campaigns && campaigns.length > 0 && (
        <ScrollRegion className={styles.tableWrap} label={t.tableLabel}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t.columns.code}</th>
                <th scope="col">{t.columns.title}</th>
                <th scope="col">{t.columns.scope}</th>
                <th scope="col">{t.columns.window}</th>
                <th scope="col">{t.columns.counts}</th>
                <th scope="col">{t.columns.status}</th>
                <th scope="col">{t.columns.actions}</th>
              </tr>
            </thead>
            <tbody>
              {campaigns.map((campaign) => (
                <tr key={campaign.id}>
                  <th scope="row">{campaign.code}</th>
                  <td>
                    {campaign.title}
                    <span className={styles.secondaryText}>{campaign.manufacturer}</span>
                  </td>
                  <td>{t.scope(campaign.models.map((model) => model.label), campaign.vinRanges.length, campaign.vinListCount)}</td>
                  <td>
                    {vietnamDate(campaign.startsOn)}
                    {campaign.endsOn ? ` – ${vietnamDate(campaign.endsOn)}` : ''}
                  </td>
                  <td>
                    <ul className={styles.counts}>
                      {RECALL_VEHICLE_STATES.map((stateName) => (
                        <li key={stateName} className={styles.badge}>
                          {t.stateCount(stateName, campaign.counts[stateName])}
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td>
                    <span className={campaign.status === 'ACTIVE' ? styles.badgeWarn : styles.badge}>{campaign.statusLabel}</span>
                  </td>
                  <td>
                    {campaign.status === 'ACTIVE' && (
                      <button type="button" className={styles.secondary} aria-label={t.closeLabel(campaign.code)} onClick={() => setClosing(campaign)}>
                        {t.close}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {creating && (
        <RecallCreateDialog
          onClose={() => setCreating(false)}
          onCreated={(campaign) => {
            setCreating(false);
            setAnnouncement(t.created(campaign.code, Object.values(campaign.counts).reduce((sum, value) => sum + value, 0)));
            reload();
          }}
        />
      )}
      {closing && (
        <ConfirmDialog title={t.closeLabel(closing.code)} confirmLabel={t.close} tone="danger" onClose={() => setClosing(null)} onConfirm={() => close(closing)}>
          <p>{t.closeConfirm(closing.code)}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

/** "Triệu hồi" (/admin/recalls): manufacturers' recall campaigns and their completion per centre. */
export function RecallsPage() {
  return (
    <AreaPage area="admin" path="/admin/recalls">
      <RecallsAdmin />
      <RecallCompletionPanel />
    </AreaPage>
  );
}

export default RecallsPage;
