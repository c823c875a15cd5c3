import { useCallback, useId, useState } from 'react';
import { formatDateTime } from 'shared-contracts';
import { STOCK_TRANSFER_STATUSES, STOCK_TRANSFER_STATUS_LABELS, STOCK_TRANSFER_TRANSITIONS, type StockTransferAction, type StockTransferStatus } from 'shared-contracts/backoffice';
import type { StockTransfer } from 'shared-contracts/schemas';
import { isConflict, messageOf } from '../api/apiErrors';
import { useAsync } from '../hooks/useAsync';
import { stockTransfersApi } from './stockTransfersApi';
import { stockTransfersText as t } from './stockTransfersText';
import { TransferForm } from './TransferForm';
import styles from '../inventory/Inventory.module.css';
import own from './StockTransfers.module.css';

const readLocations = (signal: AbortSignal) => stockTransfersApi.locations(signal);

interface Props {
  role: string | null;
  /** The centre shown: an admin's choice, the others' own (null until known). */
  centreId: number | null;
  /** Reloads when it changes (the centre's floor stream said its stock moved). */
  refreshKey: number;
  /** A transfer was created, received or cancelled: the page reloads its stock (and, through refreshKey, this list). */
  onChanged: () => void;
}

function closedText(transfer: StockTransfer): string | null {
  if (!transfer.closedBy || !transfer.closedAt) return null;
  const at = formatDateTime(transfer.closedAt);
  return transfer.status === 'CANCELLED' ? t.cancelled(transfer.closedBy.fullName, at) : t.received(transfer.closedBy.fullName, at);
}

/**
 * "Chuyển kho" on the inventory page: the transfers from and to the centre (newest first, with their lines and
 * status), "Đã nhận hàng" on an incoming one in transit and "Hủy chuyển" on an outgoing one (as the API says the
 * caller may), and "Tạo phiếu chuyển kho". A 409 (someone acted first) is explained and the list reloaded.
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

  const queryCentre = isAdmin ? (centreId ?? undefined) : undefined;
  const readList = useCallback(
    (signal: AbortSignal) => stockTransfersApi.list({ centreId: queryCentre, status: status === '' ? undefined : status, page }, signal),
    [queryCentre, status, page],
  );
  const list = useAsync(readList, { failedText: t.loadFailed, reloadKey: `${refreshKey}-${localKey}` });
  const locations = useAsync(readLocations, { failedText: t.loadFailed });
  const canCreate = role === 'manager' || role === 'admin';
  const reload = () => setLocalKey((key) => key + 1);

  const act = async (transfer: StockTransfer, action: StockTransferAction) => {
    setBusyId(transfer.id);
    setProblem(null);
    try {
      const outcome = action === 'receive' ? await stockTransfersApi.receive(transfer.id, transfer.version) : await stockTransfersApi.cancel(transfer.id, transfer.version);
      setAnnouncement(outcome.message ?? '');
      onChanged();
    } catch (error) {
      setProblem(isConflict(error) ? `${messageOf(error, t.actionFailed)} ${t.conflictReloaded}` : messageOf(error, t.actionFailed));
      reload();
    } finally {
      setBusyId(null);
    }
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
                      {transfer.createdBy ? t.createdBy(transfer.createdBy.fullName, formatDateTime(transfer.createdAt)) : t.createdAt(formatDateTime(transfer.createdAt))}
                      {closed && (
                        <>
                          <br />
                          {closed}
                        </>
                      )}
                    </p>
                    {transfer.note && <p className={styles.hint}>{t.note(transfer.note)}</p>}
                  </div>
                  {transfer.actions.length > 0 && (
                    <div className={styles.buttons}>
                      {transfer.actions.map((action) => (
                        <button
                          key={action}
                          type="button"
                          className={action === 'cancel' ? styles.danger : styles.action}
                          disabled={busyId !== null}
                          aria-label={t.actionLabel(STOCK_TRANSFER_TRANSITIONS[action].label, transfer.id)}
                          onClick={() => void act(transfer, action)}
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
