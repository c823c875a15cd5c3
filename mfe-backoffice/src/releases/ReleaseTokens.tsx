import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { CopyableValue } from 'shared-contracts/react';
import type { ReleaseAppOverview, ReleaseToken } from 'shared-contracts/schemas';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { ScrollRegion } from '../components/ScrollRegion';
import { formatReleaseInstant } from './releaseFormat';
import { WriteNotice } from './ReleaseParts';
import { releasesApi, type CreatedReleaseToken } from './releasesApi';
import { releasesText } from './releasesText';
import type { ReleaseNotice, RunReleaseWrite } from './useReleaseWrite';
import styles from './Releases.module.css';

const t = releasesText.tokens;

interface Props {
  overview: ReleaseAppOverview;
  name: string;
  run: RunReleaseWrite;
  busy: boolean;
  notice: ReleaseNotice | null;
  /** The token just created for this app: shown until dismissed (the server never answers it again). */
  created: CreatedReleaseToken | null;
  onCreated: (token: CreatedReleaseToken) => void;
  onDismiss: () => void;
}

/** The token just created, once: its value with "Sao chép", and the warning that it will not be shown again. */
function CreatedToken({ token, onDismiss }: { token: CreatedReleaseToken; onDismiss: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // the keyboard and screen-reader user lands on the token (and a phone scrolls to it)
  useEffect(() => heading.current?.focus(), [token.id]);
  return (
    <div className={styles.createdToken}>
      <h3 ref={heading} tabIndex={-1}>
        {t.createdHeading(token.label)}
      </h3>
      <p className={styles.warning}>{t.warning}</p>
      <CopyableValue value={token.token} what={t.copyWhat} emphasis />
      <div className={styles.buttons}>
        <button type="button" className={styles.secondary} onClick={onDismiss}>
          {t.dismiss}
        </button>
      </div>
    </div>
  );
}

/**
 * The app's release tokens (a team's pipeline authenticates with one, scoped to this app): the list with when each
 * was created or revoked, "Tạo mã phát hành" (the token shown once) and "Thu hồi" (confirmed first).
 */
export function ReleaseTokens({ overview, name, run, busy, notice, created, onCreated, onDismiss }: Props) {
  const headingId = useId();
  const id = useId();
  const [label, setLabel] = useState('');
  const [missing, setMissing] = useState(false);
  const [revoking, setRevoking] = useState<ReleaseToken | null>(null);
  const { app, tokens } = overview;
  const target = { app, section: 'tokens' } as const;

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = label.trim();
    setMissing(trimmed === '');
    if (trimmed === '') return;
    const outcome = await run(target, () => releasesApi.createToken({ remote: app, label: trimmed }));
    if (outcome?.data) {
      setLabel('');
      onCreated(outcome.data);
    }
  };
  const revoke = async (token: ReleaseToken) => {
    await run(target, () => releasesApi.revokeToken(token.id));
    setRevoking(null);
  };

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId}>{t.heading}</h2>
      <p className={styles.muted}>{t.intro(name)}</p>
      <WriteNotice notice={notice} target={target} />
      {created && <CreatedToken token={created} onDismiss={onDismiss} />}
      <form className={styles.tokenForm} onSubmit={(event) => void create(event)} noValidate>
        <div className={styles.field}>
          <label htmlFor={`${id}-label`} className={styles.fieldLabel}>
            {t.newLabel}
          </label>
          <input
            id={`${id}-label`}
            className={styles.input}
            autoComplete="off"
            maxLength={80}
            value={label}
            onChange={(event) => setLabel(event.target.value)}
            aria-invalid={missing || undefined}
            aria-describedby={missing ? `${id}-hint ${id}-error` : `${id}-hint`}
          />
          <p id={`${id}-hint`} className={styles.hint}>
            {t.newHint}
          </p>
          {missing && (
            <p id={`${id}-error`} className={styles.fieldError}>
              {t.labelMissing}
            </p>
          )}
        </div>
        <button type="submit" className={styles.primary} disabled={busy}>
          {t.create}
        </button>
      </form>
      {tokens.length === 0 ? (
        <p className={styles.muted}>{t.none}</p>
      ) : (
        <ScrollRegion className={styles.tableWrap} label={t.caption}>
          <table className={styles.table}>
            <caption className={styles.visuallyHidden}>{t.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{t.label}</th>
                <th scope="col">{t.createdAt}</th>
                <th scope="col">{t.status}</th>
                <th scope="col">{t.actions}</th>
              </tr>
            </thead>
            <tbody>
              {tokens.map((token) => (
                <tr key={token.id}>
                  <th scope="row">{token.label}</th>
                  <td>
                    <time dateTime={token.createdAt}>{formatReleaseInstant(token.createdAt)}</time>
                  </td>
                  <td>{token.revokedAt === null ? t.active : t.revoked(formatReleaseInstant(token.revokedAt))}</td>
                  <td>
                    {token.revokedAt === null ? (
                      <button type="button" className={styles.danger} disabled={busy} aria-label={releasesText.named(t.revoke, token.label)} onClick={() => setRevoking(token)}>
                        {t.revoke}
                      </button>
                    ) : (
                      releasesText.none
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {revoking && (
        <ConfirmDialog title={t.revokeTitle(revoking.label)} confirmLabel={t.revoke} busyLabel={t.revoking} cancelLabel={releasesText.cancel} tone="danger" onConfirm={() => revoke(revoking)} onClose={() => setRevoking(null)}>
          <p>{t.revokeBody}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
