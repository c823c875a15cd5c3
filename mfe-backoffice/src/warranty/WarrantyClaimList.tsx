import { useCallback, useId, type RefObject } from 'react';
import { formatVnd } from 'shared-contracts';
import { WARRANTY_CLAIM_STATUS_LABELS, WARRANTY_CLAIM_STATUSES, type WarrantyClaimStatus } from 'shared-contracts/pricing';
import { ListingState } from '../components/DeskParts';
import { ScrollRegion } from '../components/ScrollRegion';
import { latestOf, useAsync } from '../hooks/useAsync';
import { warrantyApi } from './warrantyApi';
import { warrantyText } from './warrantyText';
import styles from './Warranty.module.css';

const t = warrantyText.list;

interface Props {
  /** An admin sees every centre's claims: the list names each one's centre. */
  showCentre: boolean;
  /** '' shows every status. */
  status: WarrantyClaimStatus | '';
  onStatus: (status: WarrantyClaimStatus | '') => void;
  selectedId: number | null;
  onSelect: (id: number) => void;
  /** Raised by a change here or elsewhere (focus back, a claim written, a 409): read again, the rows kept meanwhile. */
  revision: number;
  /** Where the focus goes back when the detail is closed. */
  headingRef?: RefObject<HTMLHeadingElement | null>;
}

/**
 * The claims, newest first, filtered by status: code, centre (an admin's), order, vehicle and plate, manufacturer,
 * claimed and approved ₫, status; how many drafts the rows shown hold. A row's code opens its detail.
 */
export function WarrantyClaimList({ showCentre, status, onStatus, selectedId, onSelect, revision, headingRef }: Props) {
  const headingId = useId();
  const read = useCallback((signal: AbortSignal) => warrantyApi.list(status, signal), [status]);
  const { state, reload } = useAsync(read, { failedText: t.loadFailed, reloadKey: revision });
  const listing = latestOf(state);
  const retry = useCallback(() => reload('fresh'), [reload]);
  const claims = listing.status === 'ready' ? listing.data : null;
  const drafts = claims?.filter((claim) => claim.status === 'DRAFT').length ?? 0;

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
        {t.heading}
      </h2>
      <div className={styles.filters} role="group" aria-label={t.statusGroup}>
        {(['', ...WARRANTY_CLAIM_STATUSES] as const).map((value) => (
          <button key={value || 'all'} type="button" className={styles.filter} aria-pressed={status === value} onClick={() => onStatus(value)}>
            {value === '' ? t.all : WARRANTY_CLAIM_STATUS_LABELS[value]}
          </button>
        ))}
      </div>
      <ListingState listing={listing} loadingText={t.loading} retryText={t.retry} onRetry={retry} />
      {claims && (
        <p className={styles.muted} aria-live="polite">
          {t.inView(claims.length, drafts)}
        </p>
      )}
      {claims && claims.length === 0 && <p>{t.empty}</p>}
      {claims && claims.length > 0 && (
        <ScrollRegion className={styles.tableWrap} label={t.caption}>
          <table className={styles.table}>
            <caption className={styles.visuallyHidden}>{t.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{t.columns.code}</th>
                {showCentre && <th scope="col">{t.columns.centre}</th>}
                <th scope="col">{t.columns.order}</th>
                <th scope="col">{t.columns.vehicle}</th>
                <th scope="col">{t.columns.manufacturer}</th>
                <th scope="col" className={styles.money}>
                  {t.columns.claimed}
                </th>
                <th scope="col" className={styles.money}>
                  {t.columns.approved}
                </th>
                <th scope="col">{t.columns.status}</th>
              </tr>
            </thead>
            <tbody>
              {claims.map((claim) => {
                const selected = claim.id === selectedId;
                return (
                  <tr key={claim.id} className={selected ? styles.selectedRow : undefined} aria-current={selected ? 'true' : undefined}>
                    <th scope="row">
                      <button type="button" className={styles.rowButton} aria-label={t.open(claim.code)} onClick={() => onSelect(claim.id)}>
                        {claim.code}
                      </button>
                    </th>
                    {showCentre && <td>{claim.centreName}</td>}
                    <td>{claim.serviceOrderCode}</td>
                    <td>
                      {claim.vehicleLabel}
                      <span className={styles.secondaryText}>{claim.licensePlate}</span>
                    </td>
                    <td>{claim.manufacturer}</td>
                    <td className={styles.money}>{formatVnd(claim.claimedAmount)}</td>
                    <td className={styles.money}>{claim.approvedAmount === null ? warrantyText.detail.none : formatVnd(claim.approvedAmount)}</td>
                    <td>
                      <span className={styles.badge} data-status={claim.status}>
                        {WARRANTY_CLAIM_STATUS_LABELS[claim.status]}
                      </span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
