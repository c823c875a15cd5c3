import type { ReactNode } from 'react';
import { LoadFailed, Loading } from '../components/LoadStatus';
import { loadedOf, useAsync } from '../hooks/useAsync';
import { loyaltyText } from './loyaltyText';
import styles from './Loyalty.module.css';

/**
 * An admin's rules panel (points rules, tiers' rules): its heading and intro, the overview read by `read` (a stable
 * function), and `children` with it once loaded and a way to show the overview a change answered.
 */
export function RulesPanel<O>({
  headingId,
  text,
  read,
  children,
}: {
  headingId: string;
  text: { heading: string; intro: string; loading: string; loadFailed: string };
  read: (signal: AbortSignal) => Promise<O>;
  children: (overview: O, onChanged: (overview: O) => void) => ReactNode;
}) {
  const { state, reload, setData } = useAsync(read, { failedText: text.loadFailed });
  const loaded = loadedOf(state);
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <div className={styles.panelHeader}>
        <h2 id={headingId}>{text.heading}</h2>
      </div>
      <p className={styles.muted}>{text.intro}</p>
      {loaded.status === 'loading' && <Loading text={text.loading} />}
      {loaded.status === 'failed' && <LoadFailed message={loaded.message} retryLabel={loyaltyText.settings.retry} onRetry={() => reload('fresh')} />}
      {loaded.status === 'ready' && children(loaded.data, (overview) => setData(() => overview))}
    </section>
  );
}
