import { useCallback, useId, useState } from 'react';
import { formatDateTime } from 'shared-contracts';
import { STOCK_TRANSFER_STATUSES, STOCK_TRANSFER_STATUS_LABELS, STOCK_TRANSFER_TRANSITIONS, type StockTransferAction, type StockTransferStatus } from 'shared-contracts/backoffice';
import type { StockTransfer } from 'shared-contracts/schemas';
import { isConflict, messageOf } from '../api/apiErrors';
import { useAsync } from '../hooks/useAsync';
import { DeclineDialog } from './DeclineDialog';
import { stockTransfersApi } from './stockTransfersApi';
import { stockTransfersText as t } from './stockTransfersText';
import { TransferForm } from './TransferForm';
import styles from '../components/StockPanels.module.css';
import own from './StockTransfers.module.css';

const readLocations = (signal: AbortSignal) => stockTransfersApi.locations(signal);

interface Props {
  role: string | null;
  /** The centre shown: an admin's choice, the others' own (null until known). */
  centreId: number | null;
  /** Reloads when it changes (the centre's floor stream said its stock moved). */
  refreshKey: number;
  /** A transfer was created, requested, answered, received or cancelled: the page reloads its stock (and, through refreshKey, this list). */
  onChanged: () => void;
}

/** Who wrote it (or asked for it) and when. */
function openedText(transfer: StockTransfer): string {
  const at = formatDateTime(transfer.createdAt);
  if (transfer.requested) return transfer.createdBy ? t.requestedBy(transfer.createdBy.fullName, at) : t.requestedAt(at);
  return transfer.createdBy ? t.createdBy(transfer.createdBy.fullName, at) : t.createdAt(at);
}

/** Who at the source accepted the request (a declined one says so as its closing line). */
function acceptedText(transfer: StockTransfer): string | null {
  if (transfer.status === 'DECLINED' || !transfer.decidedBy || !transfer.decidedAt) return null;
  return t.accepted(transfer.decidedBy.fullName, formatDateTime(transfer.decidedAt));
}

function closedText(transfer: StockTransfer): string | null {
  if (!transfer.closedBy || !transfer.closedAt) return null;
  const at = formatDateTime(transfer.closedAt);
  const name = transfer.closedBy.fullName;
  switch (transfer.status) {
    case 'DECLINED':
      return t.declined(name, at);
    case 'CANCELLED':
      // a request taken back before the source answered it, or a transfer cancelled in transit
      return transfer.requested && !transfer.decidedBy ? t.withdrawn(name, at) : t.cancelled(name, at);
    default:
      return t.received(name, at);
  }
}

/** The API's call for each action but "Từ chối", which asks for a reason first. */
const CALLS: Record<Exclude<StockTransferAction, 'decline'>, (id: number, version: number) => ReturnType<typeof stockTransfersApi.receive>> = {
  accept: (id, version) => stockTransfersApi.accept(id, version),
  withdraw: (id, version) => stockTransfersApi.withdraw(id, version),
  receive: (id, version) => stockTransfersApi.receive(id, version),
  cancel: (id, version) => stockTransfersApi.cancel(id, version),
};

/** Buttons that take units away or close a request look like it. */
const DANGER: ReadonlySet<StockTransferAction> = new Set(['decline', 'withdraw', 'cancel']);

/**
 * "Chuyển kho" on the inventory page: the transfers from and to the centre (newest first, with their lines and
 * status), and the buttons the API says the caller may press: "Duyệt" / "Từ chối" on a request addressed to the
 * centre, "Rút yêu cầu" on the centre's own, "Đã nhận hàng" on an incoming one in transit and "Hủy chuyển" on an
 * outgoing one; and "Tạo phiếu chuyển kho". A 409 (someone acted first, too little at the source) is explained and
 * the list reloaded.
 */
export function StockTransfersPanel({ role, centreId, refreshKey, onChanged }: Props) {
  const isAdmin = role === 'admin';
  const statusId = useId();
  const [status, setStatus] = useState<StockTransferStatus | ''>('');
  const [page, setPage] = useState(1);
  const [localKey, setLocalKey] = useState(0);
  const [formOpen, setFormOpen] = useState(false);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [declining, setDeclining] = useState<StockTransfer | null>(null);

  const queryCentre = isAdmin ? (centreId ?? undefined) : undefined;
  const readList = useCallback(
    (signal: AbortSignal) => stockTransfersApi.list({ centreId: queryCentre, status: status === '' ? undefined : status, page }, signal),
    [queryCentre, status, page],
  );
  const list = useAsync(readList, { failedText: t.loadFailed, reloadKey: `${refreshKey}-${localKey}` });
  const locations = useAsync(readLocations, { failedText: t.loadFailed });
  const canCreate = role === 'manager' || role === 'admin';
  const reload = () => setLocalKey((key) => key + 1);

  const run = async (transfer: StockTransfer, call: () => ReturnType<typeof stockTransfersApi.receive>) => {
    setBusyId(transfer.id);
    setProblem(null);
    try {
      const outcome = await call();
      setAnnouncement(outcome.message ?? '');
      onChanged();
    } catch (error) {
      setProblem(isConflict(error) ? `${messageOf(error, t.actionFailed)} ${t.conflictReloaded}` : messageOf(error, t.actionFailed));
      reload();
    } finally {
      setBusyId(null);
      setDeclining(null);
    }
  };
  const act = (transfer: StockTransfer, action: StockTransferAction) => {
    if (action === 'decline') setDeclining(transfer);
    else void run(transfer, () => CALLS[action](transfer.id, transfer.version));
  };

  const data = list.state.data;
  return (
    <section className={styles.panel} aria-labelledby="transfers-heading">
      <h2 id="transfers-heading">{t.heading}</h2>
      <p className={styles.hint}>{t.intro}</p>
      <div className={styles.toolbar}>
        <div className={styles.field}>
          <label htmlFor={statusId}>{t.statusFilter}</label>
          <select
            id={statusId}
            className={styles.select}
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as StockTransferStatus | '');
              setPage(1);
            }}
          >
            <option value="">{t.allStatuses}</option>
            {STOCK_TRANSFER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {STOCK_TRANSFER_STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        {canCreate && (
          <button type="button" className={styles.action} disabled={!locations.state.data} onClick={() => setFormOpen(true)}>
            {t.create}
          </button>
        )}
      </div>
      <p role="status" aria-live="polite" className={styles.done}>
        {announcement}
      </p>
      <div role="alert">{problem && <p className={styles.alert}>{problem}</p>}</div>
      {list.state.error && (
        <p role="alert" className={styles.alert}>
          {list.state.error}{' '}
          <button type="button" className={styles.secondary} onClick={() => list.reload('fresh')}>
            {t.retry}
          </button>
        </p>
      )}
      {!data && !list.state.error && <p className={styles.muted}>{t.loading}</p>}
      {data &&
        (data.items.length === 0 ? (
          <p className={styles.muted}>{t.empty}</p>
        ) : (
          <ul className={styles.list} aria-label={t.heading}>
            {data.items.map((transfer) => {
              const incoming = centreId !== null && transfer.to.id === centreId;
              const outgoing = centreId !== null && transfer.from.id === centreId;
              const accepted = acceptedText(transfer);
              const closed = closedText(transfer);
              return (
                <li key={transfer.id} className={`${own.item} ${own[transfer.status] ?? ''}`} aria-labelledby={`transfer-${transfer.id}`}>
                  <div>
                    <p>
                      <strong id={`transfer-${transfer.id}`}>{t.title(transfer.id)}</strong>{' '}
                      {(incoming || outgoing) && <span className={own.direction}>{incoming ? t.incoming : t.outgoing}</span>}{' '}
                      <span className={own.badge}>{transfer.statusLabel}</span>
                    </p>
                    <p>{t.route(transfer.from.name, transfer.to.name)}</p>
                    <ul>
                      {transfer.lines.map((line) => (
                        <li key={line.productId}>{t.line(line.name, line.sku, line.quantity)}</li>
                      ))}
                    </ul>
                    <p className={styles.hint}>
                      {openedText(transfer)}
                      {accepted && (
                        <>
                          <br />
                          {accepted}
                        </>
                      )}
                      {closed && (
                        <>
                          <br />
                          {closed}
                        </>
                      )}
                    </p>
                    {transfer.note && <p className={styles.hint}>{t.note(transfer.note)}</p>}
                    {transfer.declineReason && <p className={styles.hint}>{t.declineReason(transfer.declineReason)}</p>}
                  </div>
                  {transfer.actions.length > 0 && (
                    <div className={styles.buttons}>
                      {transfer.actions.map((action) => (
                        <button
                          key={action}
                          type="button"
                          className={DANGER.has(action) ? styles.danger : styles.action}
                          disabled={busyId !== null}
                          aria-label={t.actionLabel(STOCK_TRANSFER_TRANSITIONS[action].label, transfer.id)}
                          onClick={() => act(transfer, action)}
                        >
                          {STOCK_TRANSFER_TRANSITIONS[action].label}
                        </button>
                      ))}
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        ))}
      {data && data.totalPages > 1 && (
        <nav aria-label={t.pager} className={styles.toolbar}>
          <button type="button" className={styles.secondary} disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t.previous}
          </button>
          <span>{t.pageStatus(data.page, data.totalPages, data.total)}</span>
          <button type="button" className={styles.secondary} disabled={page >= data.totalPages} onClick={() => setPage(page + 1)}>
            {t.next}
          </button>
        </nav>
      )}
      {declining && (
        <DeclineDialog
          transfer={declining}
          busy={busyId !== null}
          onClose={() => setDeclining(null)}
          onDecline={(reason) => void run(declining, () => stockTransfersApi.decline(declining.id, declining.version, reason))}
        />
      )}
      {formOpen && locations.state.data && (
        <TransferForm
          locations={locations.state.data}
          role={role}
          ownCentreId={isAdmin ? null : centreId}
          centreId={centreId}
          onClose={() => setFormOpen(false)}
          onConflict={reload}
          onCreated={(_transfer, message) => {
            setFormOpen(false);
            setAnnouncement(message);
            onChanged();
          }}
        />
      )}
    </section>
  );
}
