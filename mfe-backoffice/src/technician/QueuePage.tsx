import type { ReactNode } from 'react';
import type { TechnicianQueue } from 'shared-contracts/schemas';
import { LiveStatus } from '../floorEvents';
import { technicianText } from './technicianText';
import { useAnnouncement, useTechnicianQueue } from './useTechnicianQueue';
import styles from '../components/TechnicianArea.module.css';

export interface QueueView {
  queue: TechnicianQueue;
  reload: () => void;
  announce: (text: string) => void;
}

/**
 * The frame of the technician's pages that read the queue (dashboard, work queue): the live-stream status, the
 * announced outcome of the last action, loading and a retry on failure; `children` renders the ready queue.
 */
export function QueuePage({ children }: { children: (view: QueueView) => ReactNode }) {
  const { state, reload, mode } = useTechnicianQueue();
  const [announcement, announce] = useAnnouncement();

  return (
    <div className={styles.stack}>
      <LiveStatus mode={mode} />
      <p role="status" aria-live="polite" className={styles.done}>
        {announcement}
      </p>
      {state.status === 'loading' && <p className={styles.muted}>{technicianText.loading}</p>}
      {state.status === 'failed' && (
        <div role="alert" className={styles.notice}>
          <p>{state.message}</p>
          <div className={styles.actions}>
            <button type="button" className={styles.secondary} onClick={reload}>
              {technicianText.retry}
            </button>
          </div>
        </div>
      )}
      {state.status === 'ready' && children({ queue: state.data, reload, announce })}
    </div>
  );
}
