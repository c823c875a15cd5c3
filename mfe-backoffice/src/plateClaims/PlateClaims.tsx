import { useState } from 'react';
import { formatVietnamDateTime } from 'shared-contracts/calendar';
import type { PlateClaim, PlateClaimDecision } from 'shared-contracts/schemas';
import { messageOf } from '../api/apiErrors';
import { loadedOf, useAsync } from '../hooks/useAsync';
import { plateClaimsApi } from './plateClaimsApi';
import { plateClaimsText as t } from './plateClaimsText';
import styles from './PlateClaims.module.css';

const readPending = (signal: AbortSignal) => plateClaimsApi.pending(signal);

function Account({ account }: { account: PlateClaim['claimant'] }) {
  return (
    <>
      {account.fullName}
      <br />
      <span className={styles.muted}>{[account.phone, account.email].filter(Boolean).join(' · ')}</span>
    </>
  );
}

/**
 * The plates two accounts claim (one plate belongs to one account): staff call both, then give the plate to the
 * new account ("Chuyển cho tài khoản mới") or keep it with its owner ("Giữ chủ cũ"). A claim someone else
 * decided meanwhile answers 409: its message is shown and the list reloads.
 */
export function PlateClaims() {
  const { state, reload } = useAsync(readPending, { failedText: t.loadFailed });
  const loaded = loadedOf(state);
  const [busy, setBusy] = useState<number | null>(null);
  const [notice, setNotice] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function decide(claim: PlateClaim, decision: PlateClaimDecision) {
    setBusy(claim.id);
    setError(null);
    setNotice('');
    try {
      await plateClaimsApi.resolve(claim.id, decision);
      setNotice(decision === 'transfer' ? t.transferred(claim.licensePlate) : t.kept(claim.licensePlate));
    } catch (failure) {
      setError(messageOf(failure, t.failed));
    } finally {
      setBusy(null);
      reload();
    }
  }

  return (
    <section className={styles.panel} aria-labelledby="plate-claims-heading">
      <h2 id="plate-claims-heading">{t.heading}</h2>
      <p className={styles.muted}>{t.intro}</p>
      <p role="status">{notice}</p>
      {error && (
        <p role="alert" className={styles.alert}>
          {error}
        </p>
      )}
      {loaded.status === 'loading' && <p>{t.loading}</p>}
      {loaded.status === 'failed' && (
        <p role="alert" className={styles.alert}>
          {loaded.message}{' '}
          <button type="button" className={styles.secondary} onClick={() => reload('fresh')}>
            {t.retry}
          </button>
        </p>
      )}
      {loaded.status === 'ready' && loaded.data.length === 0 && <p>{t.empty}</p>}
      {loaded.status === 'ready' && loaded.data.length > 0 && (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t.plate}</th>
              <th scope="col">{t.claimant}</th>
              <th scope="col">{t.owner}</th>
              <th scope="col">{t.createdAt}</th>
              <th scope="col">{t.actions}</th>
            </tr>
          </thead>
          <tbody>
            {loaded.data.map((claim) => (
              <tr key={claim.id}>
                <th scope="row">{claim.licensePlate}</th>
                <td>
                  <Account account={claim.claimant} />
                  <br />
                  {claim.claimantVehicle.brand} {claim.claimantVehicle.model}
                  {claim.source === 'migration' && <span className={styles.muted}> · {t.fromMigration}</span>}
                </td>
                <td>
                  {claim.owner ? (
                    <>
                      <Account account={claim.owner} />
                      <br />
                      {claim.owner.brand} {claim.owner.model}
                    </>
                  ) : (
                    <span className={styles.muted}>{t.noOwner}</span>
                  )}
                </td>
                <td>{formatVietnamDateTime(claim.createdAt)}</td>
                <td>
                  <div className={styles.buttons}>
                    <button
                      type="button"
                      className={styles.primary}
                      disabled={busy !== null}
                      aria-label={t.transferLabel(claim.licensePlate, claim.claimant.fullName)}
                      onClick={() => void decide(claim, 'transfer')}
                    >
                      {t.transfer}
                    </button>
                    <button
                      type="button"
                      className={styles.secondary}
                      disabled={busy !== null}
                      aria-label={t.keepLabel(claim.licensePlate)}
                      onClick={() => void decide(claim, 'keep')}
                    >
                      {t.keep}
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
