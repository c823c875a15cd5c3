import type { FloorLiveMode } from './useFloorEvents';
import styles from './LiveStatus.module.css';

const TEXT: Record<FloorLiveMode, string> = {
  connecting: 'Đang kết nối cập nhật trực tiếp…',
  live: 'Đang cập nhật trực tiếp',
  polling: 'Tự động tải lại mỗi 15 giây',
};

/** A discreet line saying how the page keeps itself up to date. */
export function LiveStatus({ mode }: { mode: FloorLiveMode }) {
  return (
    <p className={styles.live} data-mode={mode}>
      <span className={mode === 'live' ? styles.dotLive : styles.dot} aria-hidden="true" />
      {TEXT[mode]}
    </p>
  );
}
