import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { InventoryChange, InventoryItem } from 'shared-contracts/schemas';
import { LiveStatus, useFloorEvents } from '../floorEvents';
import { useAsync } from '../hooks/useAsync';
import { useSessionRole } from '../hooks/useSessionRole';
import { AdjustDialog } from './AdjustDialog';
import { GoodsReceiptForm, type ReceiptRequest } from './GoodsReceiptForm';
import { GoodsReceiptList } from './GoodsReceiptList';
import { inventoryApi, type ProductOption } from './inventoryApi';
import { inventoryText } from './inventoryText';
import { InventoryTable } from './InventoryTable';
import { STOCK_MOVING_KINDS, type InventoryPanelContext } from './ManagerInventory';
import { MovementLedger } from './MovementLedger';
import { ReceiveDialog, receiveLine, type ReceiveLineDraft } from './ReceiveDialog';
import type { StockLocation } from './stockTypes';
import styles from '../components/StockPanels.module.css';
import own from './StockWorkspace.module.css';

const t = inventoryText.stockPage;

type Dialog = { kind: 'receive'; lines: ReceiveLineDraft[] } | { kind: 'adjust'; item: InventoryItem } | null;

const readLocations = async (signal: AbortSignal): Promise<StockLocation[]> => {
  const locations = await inventoryApi.locations(signal);
  // the online warehouse (what ships web orders) first, then the others as the API orders them
  return [...locations].sort((a, b) => Number(b.shipsOnline) - Number(a.shipsOnline));
};

const positiveId = (value: string | null) => {
  const number = Number(value);
  return value !== null && Number.isSafeInteger(number) && number > 0 ? number : null;
};

interface Props {
  /** A panel after the ledger with the location and its reloads (the manager's stock transfers). */
  below?: (context: InventoryPanelContext) => ReactNode;
}

/**
 * The stock page (issue 45 §1): one location's stock — an admin picks any location (the online warehouse first),
 * a manager or staff member sees their own centre — with its summary, table (search, below-minimum filter,
 * pages, min stock, counts with a reason), goods receipts from suppliers, the recent receipts and the ledger.
 * `?centreId=` keeps the admin's location and `?productId=` opens that product's ledger, so links land on it.
 * Stock moved elsewhere arrives through the floor stream (kind 'inventory'); every write here reloads.
 */
export function StockWorkspace({ below }: Props) {
  const role = useSessionRole();
  const isAdmin = role === 'admin';
  const canWrite = role === 'manager' || role === 'admin';
  const pickerId = useId();
  const [params, setParams] = useSearchParams();
  const [refreshKey, setRefreshKey] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [receiptRequest, setReceiptRequest] = useState<ReceiptRequest | null>(null);
  const ledgerBox = useRef<HTMLDivElement>(null);

  const locationsLoad = useAsync(readLocations, { failedText: inventoryText.loadFailed });
  const locations = locationsLoad.state.data ?? null;
  const requested = positiveId(params.get('centreId'));
  const location = isAdmin ? (locations?.find((candidate) => candidate.id === requested) ?? locations?.[0]) : locations?.[0];
  // an admin works on one chosen location (writes require it); the others on their own centre
  const centreId = isAdmin ? location?.id : undefined;
  const waiting = role === null || (isAdmin && centreId === undefined);
  const locationName = location?.name ?? inventoryText.centre.unknown;
  const isWarehouse = location?.kind === 'WAREHOUSE';

  const refresh = useCallback(() => setRefreshKey((key) => key + 1), []);
  // the admin hears the location shown; the others their own centre
  const mode = useFloorEvents((event) => {
    if (event === null || STOCK_MOVING_KINDS.includes(event.kind)) refresh();
  }, centreId);

  // ?productId=: that product's ledger (its name read once); the ledger's own choice goes back to the URL
  const productParam = positiveId(params.get('productId'));
  const ledgerProduct = useRef<number | null>(productParam);
  const [seed, setSeed] = useState({ productId: productParam, generation: 0 });
  useEffect(() => {
    if (productParam === ledgerProduct.current) return;
    ledgerProduct.current = productParam;
    setSeed((current) => ({ productId: productParam, generation: current.generation + 1 }));
  }, [productParam]);
  const readProduct = useCallback((signal: AbortSignal) => inventoryApi.productStock(seed.productId ?? 0, signal), [seed.productId]);
  const productLoad = useAsync(readProduct, { enabled: seed.productId !== null });
  const seedStock = productLoad.state.data?.productId === seed.productId ? productLoad.state.data : undefined;
  const productReady = seed.productId === null || seedStock !== undefined || productLoad.state.error !== null;
  const initialProduct: ProductOption | null =
    seed.productId === null
      ? null
      : seedStock
        ? {
            productId: seed.productId,
            name: seedStock.productName,
            detail: seedStock.sku,
            onHand: seedStock.locations.find((at) => at.centreId === location?.id)?.onHand ?? null,
          }
        : { productId: seed.productId, name: t.unknownProduct(seed.productId), detail: '', onHand: null };

  // a link to one product's ledger lands on it
  const landed = useRef<number | null>(null);
  useEffect(() => {
    if (landed.current === seed.generation || seed.productId === null || waiting || !productReady) return;
    landed.current = seed.generation;
    ledgerBox.current?.scrollIntoView?.({ block: 'start' });
    ledgerBox.current?.focus({ preventScroll: true });
  }, [seed, waiting, productReady]);

  const chooseLocation = (id: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('centreId', String(id));
      return next;
    });
  const chooseLedgerProduct = (product: ProductOption | null) => {
    ledgerProduct.current = product?.productId ?? null;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (product) next.set('productId', String(product.productId));
        else next.delete('productId');
        return next;
      },
      { replace: true },
    );
  };

  const changed = (_change: InventoryChange | null, message: string) => {
    setDialog(null);
    if (message) setAnnouncement(message);
    refresh();
  };
  const conflict = () => {
    setAnnouncement(t.conflict);
    refresh();
  };

  return (
    <div className={own.workspace}>
      <div className={styles.panelHeader}>
        {isAdmin ? (
          <div className={styles.field}>
            <label htmlFor={pickerId}>{t.location}</label>
            <select
              id={pickerId}
              className={styles.select}
              value={centreId ?? ''}
              disabled={!locations}
              onChange={(event) => chooseLocation(Number(event.target.value))}
              aria-describedby={`${pickerId}-hint`}
            >
              {(locations ?? []).map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.shipsOnline ? t.warehouse(candidate.name) : candidate.name}
                </option>
              ))}
            </select>
            <p id={`${pickerId}-hint`} className={styles.hint}>
              {t.locationHint}
            </p>
          </div>
        ) : (
          <p className={styles.muted}>
            <strong>{t.ownLocation(locationName)}</strong>
          </p>
        )}
        <LiveStatus mode={mode} />
      </div>
      {locationsLoad.state.error && (
        <p role="alert" className={styles.alert}>
          {locationsLoad.state.error}{' '}
          <button type="button" className={styles.secondary} onClick={() => locationsLoad.reload('fresh')}>
            {inventoryText.retry}
          </button>
        </p>
      )}
      {!canWrite && role !== null && <p className={styles.hint}>{inventoryText.centre.viewOnly}</p>}
      <p role="status" aria-live="polite" className={styles.done}>
        {announcement}
      </p>

      {!waiting && (
        <>
          <InventoryTable
            key={`table-${centreId ?? 'own'}`}
            centreId={centreId}
            centreName={locationName}
            refreshKey={refreshKey}
            canWrite={canWrite}
            onReceive={isWarehouse || !location ? undefined : (item) => setDialog({ kind: 'receive', lines: item ? [receiveLine({ productId: item.productId, name: item.name, detail: item.sku, onHand: item.onHand })] : [] })}
            rowReceive={{
              label: t.receive,
              labelOf: t.receiveLabel,
              onClick: (item) => setReceiptRequest((last) => ({ productId: item.productId, name: item.name, sku: item.sku, onHand: item.onHand, seq: (last?.seq ?? 0) + 1 })),
            }}
            onAdjust={(item) => setDialog({ kind: 'adjust', item })}
            onChanged={changed}
          />
          {canWrite && (
            <GoodsReceiptForm
              key={`receipt-${centreId ?? 'own'}`}
              centreId={centreId}
              locationName={locationName}
              request={receiptRequest}
              onReceived={(_receipt, message) => {
                setAnnouncement(message);
                refresh();
              }}
              onConflict={conflict}
            />
          )}
          <GoodsReceiptList key={`receipts-${centreId ?? 'own'}`} centreId={centreId} locationName={locationName} refreshKey={refreshKey} />
          <div ref={ledgerBox} tabIndex={-1} aria-labelledby="ledger-heading">
            {productReady ? (
              <MovementLedger
                key={`ledger-${centreId ?? 'own'}-${seed.generation}`}
                centreId={centreId}
                refreshKey={refreshKey}
                initialProduct={initialProduct}
                onProductChange={chooseLedgerProduct}
              />
            ) : (
              <p className={styles.muted}>{inventoryText.loading}</p>
            )}
          </div>
          {below?.({ role, centreId: location?.id ?? null, chosenCentreId: centreId, refreshKey, refresh })}
        </>
      )}

      {dialog?.kind === 'receive' && (
        <ReceiveDialog centreId={centreId} centreName={locationName} initial={dialog.lines} onClose={() => setDialog(null)} onReceived={changed} />
      )}
      {dialog?.kind === 'adjust' && (
        <AdjustDialog centreId={centreId} item={dialog.item} onClose={() => setDialog(null)} onAdjusted={changed} onConflict={conflict} />
      )}
    </div>
  );
}
