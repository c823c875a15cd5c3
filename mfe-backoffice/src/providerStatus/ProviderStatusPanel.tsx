import { useId } from 'react';
import { formatVietnamDateTime, vietnamClockOf } from 'shared-contracts/calendar';
import type { ProviderStatus } from 'shared-contracts/schemas';
import { LoadFailed, Loading } from '../components/LoadStatus';
import { useAsync } from '../hooks/useAsync';
import { formatCount } from '../kpis';
import { providerStatusApi } from './providerStatusApi';
import { providerStatusText as t } from './providerStatusText';
import styles from './ProviderStatusPanel.module.css';

/** How often the panel reads the status again: the owner sees a provider go down or come back without reloading. */
export const PROVIDER_STATUS_POLL_MS = 15_000;

const readStatus = (signal: AbortSignal) => providerStatusApi.read(signal);

/** A provider not configured, and not failing, calls nothing: "not used" rather than "working". */
const isUnused = (status: ProviderStatus) => status.setup === 'off' && status.condition === 'ok';

function conditionText(status: ProviderStatus): string {
  switch (status.condition) {
    case 'down':
      return t.down(status.name, status.openUntil && vietnamClockOf(status.openUntil));
    case 'retrying':
      return t.retrying(status.name, status.since && formatVietnamDateTime(status.since));
    default:
      return isUnused(status) ? t.unused : t.ok;
  }
}

function setupText(status: ProviderStatus): string {
  if (status.setup === 'local' && (status.provider === 'smtp' || status.provider === 's3')) return t.localDetail[status.provider];
  return t.setup[status.setup];
}

function waitingText({ waiting, oldestWaitingSince }: ProviderStatus): string | null {
  if (waiting === null) return null;
  const count = t.waiting(formatCount(waiting));
  return waiting > 0 && oldestWaitingSince ? `${count} ${t.oldestWaiting(formatVietnamDateTime(oldestWaitingSince))}` : count;
}

function ProviderCard({ status }: { status: ProviderStatus }) {
  const tone = { ok: isUnused(status) ? styles.unused : styles.ok, retrying: styles.retrying, down: styles.down }[status.condition];
  const waiting = waitingText(status);
  return (
    <li className={`${styles.provider} ${tone}`}>
      <h3>{status.name}</h3>
      <p className={styles.condition}>{conditionText(status)}</p>
      {status.condition !== 'ok' && status.lastError && <p>{t.lastError(status.lastError)}</p>}
      {status.condition === 'down' && status.since && <p>{t.since(formatVietnamDateTime(status.since))}</p>}
      <p className={styles.muted}>{setupText(status)}</p>
      {waiting && <p>{waiting}</p>}
    </li>
  );
}

/**
 * /admin's panel of the outside providers the shop calls (payOS, Zalo, eSMS, Web Push, mail, photos, Google): each
 * one's condition (working, down until its pause ends, retrying), the error that stopped it, how it is set up and the
 * messages waiting for it, read again every 15 s. The providers down now make the panel's one alert, so the owner
 * reads "Zalo đang lỗi" rather than wondering why messages pile up.
 */
export function ProviderStatusPanel() {
  const headingId = useId();
  const { state, reload } = useAsync(readStatus, { failedText: t.loadFailed, poll: { everyMs: PROVIDER_STATUS_POLL_MS } });
  const status = state.data;
  const down = status?.providers.filter((provider) => provider.condition === 'down') ?? [];

  return (
    <section className={styles.section} aria-labelledby={headingId} aria-busy={!status && !state.error}>
      <h2 id={headingId}>{t.heading}</h2>
      <div className={styles.lead}>
        <p className={styles.muted}>{t.intro}</p>
        {/* the one alert, in the page before anything goes down so that screen readers announce the change */}
        <p role="alert" className={down.length > 0 ? styles.summary : undefined}>
          {down.length > 0 ? t.downSummary(down.map((provider) => provider.name)) : ''}
        </p>
      </div>
      {!status ? (
        state.error ? (
          <LoadFailed message={state.error} retryLabel={t.retry} onRetry={() => reload('fresh')} />
        ) : (
          <Loading text={t.loading} />
        )
      ) : (
        <>
          <ul className={styles.list}>
            {status.providers.map((provider) => (
              <ProviderCard key={provider.provider} status={provider} />
            ))}
          </ul>
          <p className={styles.muted}>{state.error ? t.stale(formatVietnamDateTime(status.checkedAt)) : t.checkedAt(formatVietnamDateTime(status.checkedAt))}</p>
        </>
      )}
    </section>
  );
}
