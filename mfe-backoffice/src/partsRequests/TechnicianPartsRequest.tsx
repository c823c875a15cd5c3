import { useCallback, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { ServiceOrderCard, TechnicianQueue } from 'shared-contracts/schemas';
import { type FloorChange, LiveStatus, useFloorEvents } from '../floorEvents';
import { loadedOf, useAsync } from '../hooks/useAsync';
import { queryId } from '../layout/links';
import { technicianApi } from '../technician';
import { freePartLinesApi } from './freePartLinesApi';
import { MyFreePartLines } from './MyFreePartLines';
import { MyPartsRequests } from './MyPartsRequests';
import { PartsRequestForm } from './PartsRequestForm';
import { partsRequestsApi } from './partsRequestsApi';
import { partsRequestsText } from './partsRequestsText';
import styles from './PartsRequests.module.css';
import common from '../components/TechnicianArea.module.css';

const t = partsRequestsText;

const readQueue = (signal: AbortSignal) => technicianApi.queue(signal);
const readMine = (signal: AbortSignal) => partsRequestsApi.mine(signal);
const readMineFree = (signal: AbortSignal) => freePartLinesApi.mine(signal);

function Failed({ message, retry }: { message: string; retry: () => void }) {
  return (
    <div role="alert" className={common.notice}>
      <p>{message}</p>
      <div className={common.actions}>
        <button type="button" className={common.secondary} onClick={retry}>
          {t.retry}
        </button>
      </div>
    </div>
  );
}

/**
 * The order a request is for when the link names none: the one my clock runs on, else my only order in
 * progress; with several and no clock, none (the technician chooses: the first would be a guess).
 */
export function workedOrderOf(queue: TechnicianQueue, inProgress: readonly ServiceOrderCard[]): number | null {
  const running = queue.clock.running?.serviceOrderId;
  if (running !== undefined && inProgress.some((card) => card.id === running)) return running;
  return inProgress.length === 1 ? inProgress[0]!.id : null;
}

/**
 * T4 (/technician/parts-request?order=&item=): choose one of my orders in progress, ask for a part (search with
 * the parts that fit the vehicle first and the centre's availability, quantity, reason, the FAIL item it is
 * for), then my requests with their status — all kept live by the centre's floor stream.
 */
export function TechnicianPartsRequest() {
  const selectId = useId();
  const [params, setParams] = useSearchParams();
  const wantedOrder = queryId(params.get('order'));
  const wantedItem = queryId(params.get('item'));
  const [announcement, setAnnouncement] = useState('');
  const [searchTick, setSearchTick] = useState(0);

  // a live reload keeps what is shown until its answer (and if it fails); 'Thử lại' starts afresh
  const queueLoad = useAsync(readQueue, { failedText: t.loadFailed });
  const mineLoad = useAsync(readMine, { failedText: t.loadFailed });
  const freeLoad = useAsync(readMineFree, { failedText: t.free.loadFailed });
  const queue = loadedOf(queueLoad.state);
  const mine = loadedOf(mineLoad.state);
  const mineFree = loadedOf(freeLoad.state);
  const loadQueue = queueLoad.reload;
  const loadMineRequests = mineLoad.reload;
  const loadMineFree = freeLoad.reload;
  const loadMine = useCallback(() => {
    loadMineRequests();
    loadMineFree();
  }, [loadMineRequests, loadMineFree]);

  const inProgress = queue.status === 'ready' ? queue.data.mine.filter((card) => card.status === 'IN_PROGRESS') : [];
  const wantedIsMine = wantedOrder !== null && inProgress.some((card) => card.id === wantedOrder);
  const selectedId = queue.status !== 'ready' ? null : wantedOrder === null ? workedOrderOf(queue.data, inProgress) : wantedIsMine ? wantedOrder : null;

  const readOrder = useCallback(
    (signal: AbortSignal) => (selectedId === null ? Promise.resolve(null) : technicianApi.order(selectedId, signal)),
    [selectedId],
  );
  const orderLoad = useAsync(readOrder, { failedText: t.loadFailed });
  const order = loadedOf(orderLoad.state);
  const loadOrder = orderLoad.reload;

  const selected = useRef(selectedId);
  selected.current = selectedId;
  const mode = useFloorEvents((event: FloorChange | null) => {
    loadQueue();
    loadMine();
    const open = selected.current;
    if (open !== null && (event === null || event.serviceOrderId === null || event.serviceOrderId === open)) loadOrder();
    if (event === null || event.kind === 'parts-request' || event.kind === 'inventory') setSearchTick((tick) => tick + 1);
  });

  const choose = (id: number | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('item');
      if (id === null) next.delete('order');
      else next.set('order', String(id));
      return next;
    });

  const detail = order.status === 'ready' ? order.data : null;

  return (
    <div className={common.stack}>
      <LiveStatus mode={mode} />
      <p role="status" aria-live="polite" className={common.done}>
        {announcement}
      </p>

      <section className={common.panel} aria-labelledby={`${selectId}-heading`}>
        <h2 id={`${selectId}-heading`}>{t.order.choose}</h2>
        {queue.status === 'loading' && <p className={common.muted}>{t.loading}</p>}
        {queue.status === 'failed' && <Failed message={queue.message} retry={() => loadQueue('fresh')} />}
        {queue.status === 'ready' &&
          (inProgress.length === 0 ? (
            <>
              <p className={common.muted}>{t.order.none}</p>
              <div className={common.actions}>
                <Link to="/technician/work-queue" className={common.linkButton}>
                  {t.order.toQueue}
                </Link>
              </div>
            </>
          ) : (
            <div className={styles.field}>
              {wantedOrder !== null && !wantedIsMine && (
                <p role="alert" className={common.notice}>
                  {t.order.notMine}
                </p>
              )}
              {wantedOrder === null && selectedId === null && <p className={common.muted}>{t.order.several}</p>}
              <label htmlFor={selectId}>{t.order.label}</label>
              <select
                id={selectId}
                className={styles.select}
                value={selectedId ?? ''}
                onChange={(event) => choose(event.target.value === '' ? null : Number(event.target.value))}
              >
                {selectedId === null && <option value="">{t.order.choose}</option>}
                {inProgress.map((card) => (
                  <option key={card.id} value={card.id}>
                    {t.order.option(card.code, card.licensePlate, card.vehicleModel)}
                  </option>
                ))}
              </select>
            </div>
          ))}
      </section>

      {selectedId !== null && (
        <section className={common.panel} aria-label={t.form.heading}>
          {order.status === 'loading' && <p className={common.muted}>{t.loading}</p>}
          {order.status === 'failed' && <Failed message={order.message} retry={() => loadOrder('fresh')} />}
          {detail && detail.id === selectedId && (
            <PartsRequestForm
              // a link to another finding (or order) starts a new form: nothing chosen for the last one is kept
              key={`${detail.id}:${wantedItem ?? ''}`}
              order={detail}
              initialItemId={wantedItem}
              refreshKey={searchTick}
              onStale={() => {
                loadQueue();
                loadOrder();
              }}
              onCreated={(_request, text) => {
                setAnnouncement(text);
                loadMine();
                loadQueue();
              }}
              onFreeLineCreated={(_line, text) => {
                setAnnouncement(text);
                loadMineFree();
              }}
            />
          )}
        </section>
      )}

      <section className={common.panel} aria-labelledby="my-parts-requests">
        <h2 id="my-parts-requests">{t.mine.heading}</h2>
        {mineFree.status === 'failed' && <Failed message={mineFree.message} retry={() => loadMineFree('fresh')} />}
        {mineFree.status === 'ready' && <MyFreePartLines lines={mineFree.data} />}
        {mine.status === 'loading' && <p className={common.muted}>{t.loading}</p>}
        {mine.status === 'failed' && <Failed message={mine.message} retry={() => loadMineRequests('fresh')} />}
        {mine.status === 'ready' && (mine.data.length > 0 || mineFree.status !== 'ready' || mineFree.data.length === 0) && <MyPartsRequests requests={mine.data} />}
      </section>
    </div>
  );
}
