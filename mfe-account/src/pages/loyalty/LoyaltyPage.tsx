import { formatDate } from 'shared-contracts';
import { useRefreshOnFocus } from 'shared-contracts/react';
import type { LoyaltyEntry, LoyaltySummary } from 'shared-contracts/schemas';
import { PageIntro } from '../../components/PageIntro';
import { keepIfShown, loadedOf, useAsync } from '../../hooks/useAsync';
import { vi } from '../../i18n/vi';
import { LoadFailure } from '../../service/LoadFailure';
import { LoginRequired } from '../../service/LoginRequired';
import { useSession } from '../../session/useSession';
import { CounterCodeCard } from './CounterCodeCard';
import { loyaltyApi } from './loyaltyApi';
import { loyaltyText as t } from './loyaltyText';
import { TierCard } from './TierCard';
import styles from './LoyaltyPage.module.css';

/** The page reads the points again this often while it stays open (and whenever it is back in front). */
export const LOYALTY_REFRESH_MS = 60_000;

const readLoyalty = (signal: AbortSignal) => loyaltyApi.mine(signal);

/** Nothing earned, spent or owed yet. */
const isEmpty = (summary: LoyaltySummary) => summary.balance === 0 && summary.history.length === 0;

function Balance({ summary }: { summary: LoyaltySummary }) {
  const owed = summary.balance < 0;
  return (
    <section className={styles.card} aria-labelledby="loyalty-balance">
      <h2 id="loyalty-balance" className={styles.heading}>
        {t.balanceHeading}
      </h2>
      {/* a debt has no worth to spend: only the points it takes from the next earnings */}
      <p className={owed ? `${styles.balance} ${styles.owedBalance}` : styles.balance} data-testid="loyalty-balance">
        {owed ? t.points(summary.balance) : t.balance(summary.balance, summary.balanceValue)}
      </p>
      {owed && <p className={styles.owed}>{t.owed(summary.balance)}</p>}
      {summary.pointValue > 0 && <p className={styles.muted}>{t.pointValue(summary.pointValue)}</p>}
    </section>
  );
}

function Expiring({ lots }: { lots: LoyaltySummary['expiring'] }) {
  return (
    <section className={styles.card} aria-labelledby="loyalty-expiring">
      <h2 id="loyalty-expiring" className={styles.heading}>
        {t.expiringHeading}
      </h2>
      {lots.length === 0 ? (
        <p className={styles.muted}>{t.expiringNone}</p>
      ) : (
        <ul className={styles.lots}>
          {lots.map((lot) => (
            <li key={`${lot.expiresAt}-${lot.points}`}>{t.expiring(lot.points, lot.expiresAt)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

function HistoryEntry({ entry }: { entry: LoyaltyEntry }) {
  return (
    <li className={styles.entry} data-testid="loyalty-entry">
      <div className={styles.entryText}>
        <p className={styles.kind}>{entry.kindLabel}</p>
        {entry.reason && <p className={styles.reason}>{entry.reason}</p>}
        <time className={styles.muted} dateTime={entry.createdAt}>
          {formatDate(entry.createdAt)}
        </time>
      </div>
      <p className={entry.points < 0 ? `${styles.points} ${styles.minus}` : `${styles.points} ${styles.plus}`}>{t.signedPoints(entry.points)}</p>
    </li>
  );
}

function History({ entries }: { entries: LoyaltyEntry[] }) {
  return (
    <section className={`${styles.card} ${styles.wide}`} aria-labelledby="loyalty-history">
      <h2 id="loyalty-history" className={styles.heading}>
        {t.historyHeading}
      </h2>
      {entries.length === 0 ? (
        <p className={styles.muted}>{t.historyNone}</p>
      ) : (
        <ol className={styles.entries} aria-labelledby="loyalty-history">
          {entries.map((entry) => (
            <HistoryEntry key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
    </section>
  );
}

function Loyalty() {
  const { state: loaded, reload } = useAsync(readLoyalty, { failedText: t.loadFailed, poll: { everyMs: LOYALTY_REFRESH_MS } });
  // back in front: read again, keeping the points on screen (a failure shown gives way to 'loading')
  useRefreshOnFocus(() => reload(keepIfShown));
  const state = loadedOf(loaded);

  if (state.status === 'loading') return <p role="status">{t.loading}</p>;
  if (state.status === 'failed') return <LoadFailure message={state.message} onRetry={() => reload('fresh')} />;
  const summary = state.data;
  if (isEmpty(summary)) {
    return (
      <div className={styles.card}>
        <p className={styles.empty}>{t.empty}</p>
        {summary.pointValue > 0 && <p className={styles.muted}>{t.pointValue(summary.pointValue)}</p>}
        <TierCard tier={summary.tier} />
      </div>
    );
  }
  return (
    <div className={styles.grid}>
      <Balance summary={summary} />
      <TierCard tier={summary.tier} />
      <Expiring lots={summary.expiring} />
      {summary.balance > 0 && <CounterCodeCard />}
      <History entries={summary.history} />
    </div>
  );
}

/**
 * 'Điểm thưởng' (login-guarded by the shell): the balance and its worth, a debt explained, the member's tier and the
 * way to the next, the next lots to expire and the latest entries; read again every LOYALTY_REFRESH_MS and when the
 * page is back in front.
 */
export function LoyaltyPage() {
  const session = useSession();
  return (
    <div className={styles.page}>
      <PageIntro title={vi.loyalty.title} description={vi.loyalty.description} />
      {session ? <Loyalty key={session.user.id} /> : <LoginRequired />}
    </div>
  );
}

export default LoyaltyPage;
