import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { formatVnd, type Outcome } from 'shared-contracts';
import { WARRANTY_CLAIM_STATUS_LABELS, WARRANTY_CREDIT_METHOD_LABELS } from 'shared-contracts/pricing';
import type { WarrantyClaim } from 'shared-contracts/schemas';
import { messageOf } from '../api/apiErrors';
import { ListingState } from '../components/DeskParts';
import { ScrollRegion } from '../components/ScrollRegion';
import { latestOf, useAsync } from '../hooks/useAsync';
import { ApproveForm, CreditForm, RejectForm } from './WarrantyDecisionForms';
import { WarrantyDraftForm } from './WarrantyDraftForm';
import { warrantyApi } from './warrantyApi';
import { formatClaimInstant } from './warrantyFormat';
import { warrantyText } from './warrantyText';
import styles from './Warranty.module.css';

const t = warrantyText.detail;

interface Props {
  id: number;
  /** A write answered, or met a 409: the list and the report read again. */
  onChanged: () => void;
  onClose: () => void;
}

/** The facts of the claim: centre, manufacturer, vehicle, VIN, odometer, order, invoice, when it was drawn up. */
function ClaimFacts({ claim }: { claim: WarrantyClaim }) {
  return (
    <dl className={styles.facts} aria-label={t.facts}>
      <div>
        <dt>{t.vehicle}</dt>
        <dd>
          {claim.vehicleLabel} · {claim.licensePlate}
        </dd>
      </div>
      <div>
        <dt>{t.vin}</dt>
        <dd>{claim.vin ?? t.none}</dd>
      </div>
      <div>
        <dt>{t.odometer}</dt>
        <dd>{t.km(claim.odometerKm)}</dd>
      </div>
      <div>
        <dt>{t.manufacturer}</dt>
        <dd>{claim.manufacturer}</dd>
      </div>
      <div>
        <dt>{t.order}</dt>
        <dd>{claim.serviceOrderCode}</dd>
      </div>
      <div>
        <dt>{t.invoice}</dt>
        <dd>{claim.invoiceCode ?? t.none}</dd>
      </div>
      <div>
        <dt>{t.centre}</dt>
        <dd>{claim.centreName}</dd>
      </div>
      <div>
        <dt>{t.createdAt}</dt>
        <dd>
          <time dateTime={claim.createdAt}>{formatClaimInstant(claim.createdAt)}</time>
        </dd>
      </div>
    </dl>
  );
}

/** The lines claimed (labour and parts) with the parts, labour and claimed totals. */
function ClaimLines({ claim }: { claim: WarrantyClaim }) {
  return (
    <ScrollRegion className={styles.tableWrap} label={t.lines}>
      <table className={styles.table}>
        <caption>{t.lines}</caption>
        <thead>
          <tr>
            <th scope="col">{t.kind}</th>
            <th scope="col">{t.item}</th>
            <th scope="col" className={styles.money}>
              {t.quantity}
            </th>
            <th scope="col" className={styles.money}>
              {t.unitPrice}
            </th>
            <th scope="col" className={styles.money}>
              {t.lineTotal}
            </th>
          </tr>
        </thead>
        <tbody>
          {claim.lines.map((line, index) => (
            <tr key={`${line.kind}-${index}`}>
              <td>{t.kinds[line.kind]}</td>
              <th scope="row" className={styles.wrap}>
                {line.name}
              </th>
              <td className={styles.money}>{line.quantity}</td>
              <td className={styles.money}>{formatVnd(line.unitPrice)}</td>
              <td className={styles.money}>{formatVnd(line.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={4}>
              {t.partsTotal}
            </th>
            <td className={styles.money}>{formatVnd(claim.partsAmount)}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={4}>
              {t.labourTotal}
            </th>
            <td className={styles.money}>{formatVnd(claim.labourAmount)}</td>
          </tr>
          <tr className={styles.totalRow}>
            <th scope="row" colSpan={4}>
              {t.claimedTotal}
            </th>
            <td className={styles.money}>{formatVnd(claim.claimedAmount)}</td>
          </tr>
        </tfoot>
      </table>
    </ScrollRegion>
  );
}

/** The manufacturer's reference, decision and credit, once there is any. */
function ClaimDecision({ claim }: { claim: WarrantyClaim }) {
  const facts: Array<[string, string]> = [];
  if (claim.manufacturerReference) facts.push([t.manufacturerReference, claim.manufacturerReference]);
  if (claim.approvedAmount !== null) facts.push([t.approvedAmount, formatVnd(claim.approvedAmount)]);
  if (claim.rejectionReason) facts.push([t.rejectionReason, claim.rejectionReason]);
  if (claim.creditedAmount !== null) facts.push([t.creditedAmount, formatVnd(claim.creditedAmount)]);
  if (claim.creditMethod) facts.push([t.creditMethod, WARRANTY_CREDIT_METHOD_LABELS[claim.creditMethod]]);
  if (claim.creditReference) facts.push([t.creditReference, claim.creditReference]);
  if (facts.length === 0) return null;
  return (
    <section className={styles.subsection} aria-label={t.decision}>
      <h3>{t.decision}</h3>
      <dl className={styles.facts}>
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Each status the claim went through: who, when (dd/MM/yyyy HH:mm), the note. */
function ClaimHistory({ claim }: { claim: WarrantyClaim }) {
  return (
    <section className={styles.subsection} aria-label={t.history}>
      <h3>{t.history}</h3>
      <ScrollRegion className={styles.tableWrap} label={t.historyTable}>
        <table className={styles.table} aria-label={t.history}>
          <thead>
            <tr>
              <th scope="col">{t.historyStatus}</th>
              <th scope="col">{t.historyBy}</th>
              <th scope="col">{t.historyAt}</th>
              <th scope="col">{t.historyNote}</th>
            </tr>
          </thead>
          <tbody>
            {claim.history.map((entry, index) => (
              <tr key={`${entry.at}-${index}`}>
                <td>{WARRANTY_CLAIM_STATUS_LABELS[entry.status]}</td>
                <td>{entry.by ?? t.system}</td>
                <td>
                  <time dateTime={entry.at}>{formatClaimInstant(entry.at)}</time>
                </td>
                <td className={styles.wrap}>{entry.note ?? t.none}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}

/**
 * One claim beside (below, on a phone) the list: its facts, lines and totals, the failure description and photos
 * (editable while a DRAFT), the manufacturer's decision and credit, the history, and only the actions the server
 * allows now. A write shows the server's message and the claim it answers; a 409 shows its message and reads the
 * claim (and the list) again.
 */
export function WarrantyClaimDetail({ id, onChanged, onClose }: Props) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [notice, setNotice] = useState<{ kind: 'done' | 'conflict'; text: string } | null>(null);

  const read = useCallback((signal: AbortSignal) => warrantyApi.detail(id, signal), [id]);
  const { state, setData, reload } = useAsync(read, { failedText: t.loadFailed });
  const loaded = latestOf(state);
  const claim = loaded.status === 'ready' ? loaded.data : null;

  // another claim chosen: the keyboard and screen-reader user lands on it (and a phone scrolls down to it)
  useEffect(() => {
    setNotice(null);
    heading.current?.focus();
  }, [id]);

  const onDone = useCallback(
    (outcome: Outcome<WarrantyClaim>) => {
      if (outcome.data) setData(() => outcome.data ?? undefined);
      else reload();
      setNotice({ kind: 'done', text: outcome.message ?? t.done });
      onChanged();
    },
    [setData, reload, onChanged],
  );
  const onConflict = useCallback(
    (error: unknown) => {
      // explained, then the claim as it is now (kept on screen until it answers) and the list read again
      setNotice({ kind: 'conflict', text: messageOf(error, t.conflict) });
      reload();
      onChanged();
    },
    [reload, onChanged],
  );
  const onStored = useCallback((stored: WarrantyClaim) => setData(() => stored), [setData]);
  const handlers = { onDone, onConflict };

  return (
    <section className={`${styles.panel} ${styles.detail}`} aria-labelledby={headingId}>
      <div className={styles.headingRow}>
        <h2 id={headingId} ref={heading} tabIndex={-1}>
          {claim ? t.heading(claim.code) : t.pending}
        </h2>
        {claim && (
          <span className={styles.badge} data-status={claim.status}>
            {WARRANTY_CLAIM_STATUS_LABELS[claim.status]}
          </span>
        )}
        <button type="button" className={styles.secondary} onClick={onClose}>
          {t.close}
        </button>
      </div>
      {notice && (
        <p role={notice.kind === 'conflict' ? 'alert' : 'status'} className={notice.kind === 'conflict' ? styles.alert : styles.done}>
          {notice.text}
        </p>
      )}
      <ListingState listing={loaded} loadingText={t.loading} retryText={warrantyText.list.retry} onRetry={() => reload('fresh')} />
      {claim && (
        <>
          <ClaimFacts claim={claim} />
          <ClaimLines claim={claim} />
          {claim.actions.includes('submit') ? (
            <WarrantyDraftForm claim={claim} onStored={onStored} {...handlers} />
          ) : (
            <>
              <section className={styles.subsection} aria-label={t.failure}>
                <h3>{t.failure}</h3>
                <p className={styles.note}>{claim.failureNote.trim() === '' ? t.noFailure : claim.failureNote}</p>
              </section>
              <section className={styles.subsection} aria-label={t.photos}>
                <h3>{t.photos}</h3>
                {claim.photos.length === 0 ? (
                  <p className={styles.muted}>{t.noPhotos}</p>
                ) : (
                  <ul className={styles.thumbs}>
                    {claim.photos.map((photo, index) => (
                      <li key={photo.id}>
                        <a href={photo.url} target="_blank" rel="noopener noreferrer">
                          <img src={photo.url} alt={t.photoAlt(index + 1, photo.itemLabel)} width={96} height={96} loading="lazy" />
                        </a>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            </>
          )}
          <ClaimDecision claim={claim} />
          {claim.actions.includes('approve') && <ApproveForm key={`approve-${claim.id}-${claim.version}`} claim={claim} {...handlers} />}
          {claim.actions.includes('reject') && <RejectForm key={`reject-${claim.id}-${claim.version}`} claim={claim} {...handlers} />}
          {claim.actions.includes('credit') && <CreditForm key={`credit-${claim.id}-${claim.version}`} claim={claim} {...handlers} />}
          {claim.actions.length === 0 && <p className={styles.muted}>{t.noActions}</p>}
          <ClaimHistory claim={claim} />
        </>
      )}
    </section>
  );
}
