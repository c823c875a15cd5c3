import { messages, type RemoteName } from 'shared-contracts';
import styles from './RemoteArea.module.css';

interface Props {
  remote: RemoteName;
  badManifest?: boolean;
  onRetry: () => void;
  retrying?: boolean;
}

/** What an area shows when its remote is down, slow or broken. */
export function RemoteFallback({ remote, badManifest = false, onRetry, retrying = false }: Props) {
  const text = badManifest ? messages.remote.badManifest : messages.remote.failed(messages.remote.areaNames[remote]);
  return (
    <div className={styles.fallback} role="alert" data-remote-fallback={remote}>
      <p className={styles.fallbackText}>{text}</p>
      <button type="button" className={styles.retry} onClick={onRetry} disabled={retrying}>
        {retrying ? messages.remote.loading : messages.remote.retry}
      </button>
    </div>
  );
}
