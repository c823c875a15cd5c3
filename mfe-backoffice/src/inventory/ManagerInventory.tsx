import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { InventoryChange, InventoryItem, ServiceCentre } from 'shared-contracts/schemas';
import { messageOf } from '../frontDesk/apiRead';
import { LiveStatus, useFloorEvents } from '../floorEvents';
import { useSessionRole } from '../partsDesk/sessionRole';
import { AdjustDialog } from './AdjustDialog';
import { inventoryApi } from './inventoryApi';
import { inventoryText } from './inventoryText';
import { InventoryTable } from './InventoryTable';
import { LowStockList } from './LowStockList';
import { MovementLedger } from './MovementLedger';
import { ReceiveDialog, receiveLine, type ReceiveLineDraft } from './ReceiveDialog';
import styles from './Inventory.module.css';

const t = inventoryText;
/** The floor-changed kinds that can move this centre's stock. */
const STOCK_MOVING_KINDS = ['inventory', 'parts-request', 'service-order'];

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
 * what it changed.
 */
export function ManagerInventory() {
  const role = useSessionRole();
  const isAdmin = role === 'admin';
  const canWrite = role === 'manager' || role === 'admin';
  const centreSelectId = useId();
  const [centres, setCentres] = useState<ServiceCentre[] | null>(null);
  const [centresFailed, setCentresFailed] = useState<string | null>(null);
  const [chosenCentre, setChosenCentre] = useState<number | null>(null);
  const [answeredCentre, setAnsweredCentre] = useState<number | null>(null);
  const [low, setLow] = useState<InventoryItem[] | null>(null);
  const [lowFailed, setLowFailed] = useState<string | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const [dialog, setDialog] = useState<Dialog>(null);
  const lowInflight = useRef<AbortController | null>(null);

  const loadCentres = useCallback(() => {
    setCentresFailed(null);
    const controller = new AbortController();
    inventoryApi.centres(controller.signal).then(setCentres, (error: unknown) => setCentresFailed(messageOf(error, t.loadFailed)));
    return controller;
  }, []);
  useEffect(() => {
    const controller = loadCentres();
    return () => controller.abort();
  }, [loadCentres]);

  // an admin works on one chosen centre (writes require it); the first until they choose
  const centreId = isAdmin ? (chosenCentre ?? centres?.[0]?.id) : undefined;
  const adminWaiting = isAdmin && centreId === undefined;
  const shownCentre = centreId ?? answeredCentre;
  const centreName = centres?.find((centre) => centre.id === shownCentre)?.name ?? t.centre.unknown;

  const loadLow = useCallback(() => {
    lowInflight.current?.abort();
    const controller = new AbortController();
    lowInflight.current = controller;
    inventoryApi.lowStock(centreId, controller.signal).then(
      (list) => {
        if (controller.signal.aborted) return;
        setLow(list.items);
        setLowFailed(null);
        setAnsweredCentre(list.centreId);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setLowFailed(messageOf(error, t.loadFailed));
      },
    );
  }, [centreId]);

  useEffect(() => {
    if (adminWaiting) return;
    loadLow();
    return () => lowInflight.current?.abort();
  }, [loadLow, refreshKey, adminWaiting]);

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
            <select
              id={centreSelectId}
              className={styles.select}
              value={centreId ?? ''}
              disabled={!centres}
              onChange={(event) => {
                setChosenCentre(Number(event.target.value));
                setLow(null);
              }}
            >
              {(centres ?? []).map((centre) => (
                <option key={centre.id} value={centre.id}>
                  {centre.name}
                </option>
              ))}
            </select>
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
          <button type="button" className={styles.secondary} onClick={() => void loadCentres()}>
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
            onRetry={loadLow}
            onReceive={canWrite ? (item) => setDialog({ kind: 'receive', lines: [lineFor(item, suggestedReceive(item))] }) : undefined}
          />
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
          <MovementLedger key={`ledger-${centreId ?? 'own'}`} centreId={centreId} refreshKey={refreshKey} />
        </>
      )}

      {dialog?.kind === 'receive' && (
        <ReceiveDialog centreId={centreId} centreName={centreName} initial={dialog.lines} onClose={() => setDialog(null)} onReceived={changed} />
      )}
      {dialog?.kind === 'adjust' && <AdjustDialog centreId={centreId} item={dialog.item} onClose={() => setDialog(null)} onAdjusted={changed} />}
    </div>
  );
}
