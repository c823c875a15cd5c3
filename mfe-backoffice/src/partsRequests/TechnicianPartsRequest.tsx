import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { PartsRequest, ServiceOrderDetail, TechnicianQueue } from 'shared-contracts/schemas';
import { messageOf } from '../frontDesk/apiRead';
import { LiveStatus, useFloorEvents, type FloorChange } from '../floorEvents';
import { technicianApi } from '../technician/technicianApi';
import type { Loaded } from '../technician/useTechnicianQueue';
import { queryId } from './links';
import { MyPartsRequests } from './MyPartsRequests';
import { PartsRequestForm } from './PartsRequestForm';
import { partsRequestsApi } from './partsRequestsApi';
import { partsRequestsText } from './partsRequestsText';
import styles from './PartsRequests.module.css';
import common from '../technician/Technician.module.css';

const t = partsRequestsText;

/** Loads into a Loaded state; a reload keeps what is shown until it answers, and keeps it if it fails. */
function useLoaded<T>(read: (signal: AbortSignal) => Promise<T>, fallback: string): [Loaded<T>, (background?: boolean) => void] {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const inflight = useRef<AbortController | null>(null);
  const reader = useRef(read);
  reader.current = read;
  const load = useCallback(
    (background = true) => {
      inflight.current?.abort();
      const controller = new AbortController();
      inflight.current = controller;
      if (!background) setState({ status: 'loading' });
      reader.current(controller.signal).then(
        (data) => {
          if (!controller.signal.aborted) setState({ status: 'ready', data });
        },
        (error: unknown) => {
          if (!controller.signal.aborted) setState((current) => (background && current.status === 'ready' ? current : { status: 'failed', message: messageOf(error, fallback) }));
        },
      );
    },
    [fallback],
  );
  useEffect(() => () => inflight.current?.abort(), []);
  return [state, load];
}

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

  const [queue, loadQueue] = useLoaded<TechnicianQueue>((signal) => technicianApi.queue(signal), t.loadFailed);
  const [mine, loadMine] = useLoaded<PartsRequest[]>((signal) => partsRequestsApi.mine(signal), t.loadFailed);

  const inProgress = queue.status === 'ready' ? queue.data.mine.filter((card) => card.status === 'IN_PROGRESS') : [];
  const wantedIsMine = wantedOrder !== null && inProgress.some((card) => card.id === wantedOrder);
  const selectedId = queue.status !== 'ready' ? null : wantedOrder === null ? (inProgress[0]?.id ?? null) : wantedIsMine ? wantedOrder : null;

  const [order, loadOrder] = useLoaded<ServiceOrderDetail | null>(
    (signal) => (selectedId === null ? Promise.resolve(null) : technicianApi.order(selectedId, signal)),
    t.loadFailed,
  );

  useEffect(() => {
    loadQueue(false);
    loadMine(false);
  }, [loadQueue, loadMine]);

  useEffect(() => {
    loadOrder(false);
  }, [selectedId, loadOrder]);

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
        {queue.status === 'failed' && <Failed message={queue.message} retry={() => loadQueue(false)} />}
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
          {order.status === 'failed' && <Failed message={order.message} retry={() => loadOrder(false)} />}
          {detail && detail.id === selectedId && (
            <PartsRequestForm
              key={detail.id}
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
            />
          )}
        </section>
      )}

      <section className={common.panel} aria-labelledby="my-parts-requests">
        <h2 id="my-parts-requests">{t.mine.heading}</h2>
        {mine.status === 'loading' && <p className={common.muted}>{t.loading}</p>}
        {mine.status === 'failed' && <Failed message={mine.message} retry={() => loadMine(false)} />}
        {mine.status === 'ready' && <MyPartsRequests requests={mine.data} />}
      </section>
    </div>
  );
}
