import { useCallback, useId, useState, type ReactNode } from 'react';
import type { InventoryChange, InventoryItem } from 'shared-contracts/schemas';
import { LiveStatus, useFloorEvents } from '../floorEvents';
import { useAsync } from '../hooks/useAsync';
import { useSessionRole } from '../hooks/useSessionRole';
import { AdjustDialog } from './AdjustDialog';
import { inventoryApi } from './inventoryApi';
import { inventoryText } from './inventoryText';
import { InventoryTable } from './InventoryTable';
import { LowStockList } from './LowStockList';
import { MovementLedger } from './MovementLedger';
import { ReceiveDialog, receiveLine, type ReceiveLineDraft } from './ReceiveDialog';
import { WhenNearViewport } from './WhenNearViewport';
import styles from '../components/StockPanels.module.css';
import { CentreSelect } from '../components/CentreSelect';

const t = inventoryText;
/** The floor-changed kinds that can move this centre's stock. */
export const STOCK_MOVING_KINDS = ['inventory', 'parts-request', 'service-order'];
const readCentres = (signal: AbortSignal) => inventoryApi.centres(signal);

/** What a panel under the inventory (the stock transfers) shares with it: the centre shown and its reloads. */
export interface InventoryPanelContext {
  role: ReturnType<typeof useSessionRole>;
  /** The centre shown (an admin's choice, else the caller's own once known). */
  centreId: number | null;
  /** The admin's chosen centre (undefined for the others): a remount key. */
  chosenCentreId: number | undefined;
  /** Rises when the centre's stock moved (live stream, a write here). */
  refreshKey: number;
  /** Reloads the stock table, the low list and the ledger. */
  refresh: () => void;
}

type Dialog = { kind: 'receive'; lines: ReceiveLineDraft[] } | { kind: 'adjust'; item: InventoryItem } | null;

/** What a 'Nhập kho' on a low row proposes: enough to be back at twice the minimum (at least 1). */
export const suggestedReceive = (item: InventoryItem) => Math.max(1, item.minStock * 2 - item.available);

const lineFor = (item: InventoryItem, quantity: number | null) =>
  receiveLine({ productId: item.productId, name: item.name, detail: item.sku, onHand: item.onHand }, quantity === null ? '' : String(quantity));

/**
 * The manager's inventory section of /manager (spec §7 M1 low stock, M2): the centre (an admin chooses it;
 * others see theirs), the low-stock list with 'Nhập kho', the stock table, the ledger, and the receive and
 * adjust dialogs. Manager and admin write; staff (and anyone else the API lets read) only see. Stock moved by
 * parts requests arrives live through the centre's floor stream (or a 15 s poll), and every write here reloads
 * what it changed. `below` renders a panel after the ledger with the centre and its reloads (the stock transfers).
 */
export function ManagerInventory({ below }: { below?: (context: InventoryPanelContext) => ReactNode } = {}) {
  const role = useSessionRole();
  const isAdmin = role === 'admin';
  const canWrite = role === 'manager' || role === 'admin';
  const centreSelectId = useId();
  const [chosenCentre, setChosenCentre] = useState<number | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const [dialog, setDialog] = useState<Dialog>(null);
  const centresLoad = useAsync(readCentres, { failedText: t.loadFailed });
  const centres = centresLoad.state.data ?? null;
  const centresFailed = centresLoad.state.error;

  // an admin works on one chosen centre (writes require it); the first until they choose
  const centreId = isAdmin ? (chosenCentre ?? centres?.[0]?.id) : undefined;
  const adminWaiting = isAdmin && centreId === undefined;
  const readLow = useCallback((signal: AbortSignal) => inventoryApi.lowStock(centreId, signal), [centreId]);
  // another centre starts afresh; a refresh keeps the list (and the last failure) on screen until the answer
  const lowLoad = useAsync(readLow, { failedText: t.loadFailed, enabled: !adminWaiting, reloadKey: refreshKey });
  const low = lowLoad.state.data?.items ?? null;
  const lowFailed = lowLoad.state.error;
  const shownCentre = centreId ?? lowLoad.state.data?.centreId ?? null;
  const centreName = centres?.find((centre) => centre.id === shownCentre)?.name ?? t.centre.unknown;

  const refresh = useCallback(() => setRefreshKey((key) => key + 1), []);
  // the centre's stock moves on the floor through parts requests (reserve, issue, return, release) and a cancelled
  // order's released reservations; after the stream was down (null) what moved is unknown
  const mode = useFloorEvents((event) => {
    if (event === null || STOCK_MOVING_KINDS.includes(event.kind)) refresh();
  });

  const changed = (_change: InventoryChange | null, message: string) => {
    setDialog(null);
    if (message) setAnnouncement(message);
    refresh();
  };

  return (
    <div>
      <div className={styles.panelHeader}>
        {isAdmin ? (
          <div className={styles.field}>
            <label htmlFor={centreSelectId}>{t.centre.label}</label>
            <CentreSelect id={centreSelectId} className={styles.select} centres={centres} value={centreId} onChange={setChosenCentre} />
          </div>
        ) : (
          <p className={styles.muted}>
            <strong>{t.centre.readOnly(centreName)}</strong>
          </p>
        )}
        <LiveStatus mode={mode} />
      </div>
      {centresFailed && isAdmin && (
        <p role="alert" className={styles.alert}>
          {centresFailed}{' '}
          <button type="button" className={styles.secondary} onClick={() => centresLoad.reload('fresh')}>
            {t.retry}
          </button>
        </p>
      )}
      {!canWrite && role !== null && <p className={styles.hint}>{t.centre.viewOnly}</p>}
      <p role="status" aria-live="polite" className={styles.done}>
        {announcement}
      </p>

      {!adminWaiting && (
        <>
          <LowStockList
            items={low}
            failed={lowFailed}
            onRetry={() => lowLoad.reload()}
            onReceive={canWrite ? (item) => setDialog({ kind: 'receive', lines: [lineFor(item, suggestedReceive(item))] }) : undefined}
          />
          {/* the table and the ledger are long and below the fold: they load as the reader scrolls near */}
          <WhenNearViewport heading={t.table.heading} headingId="inventory-heading">
            <InventoryTable
              key={`table-${centreId ?? 'own'}`}
              centreId={centreId}
              centreName={centreName}
              refreshKey={refreshKey}
              canWrite={canWrite}
              onReceive={(item) => setDialog({ kind: 'receive', lines: item ? [lineFor(item, null)] : [] })}
              onAdjust={(item) => setDialog({ kind: 'adjust', item })}
              onChanged={changed}
            />
          </WhenNearViewport>
          <WhenNearViewport heading={t.ledger.heading} headingId="ledger-heading">
            <MovementLedger key={`ledger-${centreId ?? 'own'}`} centreId={centreId} refreshKey={refreshKey} />
          </WhenNearViewport>
          {below?.({ role, centreId: shownCentre, chosenCentreId: centreId, refreshKey, refresh })}
        </>
      )}

      {dialog?.kind === 'receive' && (
        <ReceiveDialog centreId={centreId} centreName={centreName} initial={dialog.lines} onClose={() => setDialog(null)} onReceived={changed} />
      )}
      {dialog?.kind === 'adjust' && <AdjustDialog centreId={centreId} item={dialog.item} onClose={() => setDialog(null)} onAdjusted={changed} />}
    </div>
  );
}
