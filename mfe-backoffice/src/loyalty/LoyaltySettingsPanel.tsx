import { useCallback, useId, useState, type FormEvent } from 'react';
import { formatDateTime, formatVnd } from 'shared-contracts';
import type { LoyaltySettingsChange, LoyaltySettingsOverview } from 'shared-contracts/schemas';
import { SETTINGS_BOUNDS as LOYALTY_SETTINGS_BOUNDS } from './loyaltyLimits';
import { fieldErrorsOf, messageOf } from '../api/apiErrors';
import { loadedOf, useAsync } from '../hooks/useAsync';
import { loyaltyApi } from './loyaltyApi';
import { loyaltyText } from './loyaltyText';
import styles from './Loyalty.module.css';

const t = loyaltyText.settings;
type Field = keyof typeof LOYALTY_SETTINGS_BOUNDS;
const FIELDS: readonly Field[] = ['pointsPer1000', 'pointValue', 'redeemCapPercent', 'redeemMinimum', 'signupBonus', 'birthdayBonus'];
type Values = Record<Field, string>;

/** A value as the rules show it: points, ₫ or %. */
function shown(field: Field, value: number): string {
  if (field === 'pointValue') return formatVnd(value);
  if (field === 'redeemCapPercent') return `${value} %`;
  return value.toLocaleString('vi-VN');
}

/** The field's own problem before anything is sent: a whole number within its bounds. */
function valueProblem(field: Field, text: string): string | null {
  const { min, max } = LOYALTY_SETTINGS_BOUNDS[field];
  if (!/^\d{1,9}$/.test(text.trim())) return t.outOfBounds(field);
  const value = Number(text.trim());
  return value < min || value > max ? t.outOfBounds(field) : null;
}

/** `datetime-local`'s value (the browser's local time) as an instant, or null when it is not one. */
function instantOf(local: string): Date | null {
  if (!local) return null;
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? null : at;
}

const valuesOf = (change: LoyaltySettingsChange): Values => ({
  pointsPer1000: String(change.pointsPer1000),
  pointValue: String(change.pointValue),
  redeemCapPercent: String(change.redeemCapPercent),
  redeemMinimum: String(change.redeemMinimum),
  signupBonus: String(change.signupBonus),
  birthdayBonus: String(change.birthdayBonus),
});

function statusOf(change: LoyaltySettingsChange, current: LoyaltySettingsChange, now: number): string {
  if (change.id === current.id) return t.statuses.current;
  return Date.parse(change.effectiveFrom) > now ? t.statuses.upcoming : t.statuses.past;
}

/**
 * "Điểm thưởng" (the admin's): the rules in force, a form for a new change from now or a later instant (checked
 * here first, then by the server: a 422 names the field), and every change with who made it and from when.
 */
export function LoyaltySettingsPanel() {
  const read = useCallback((signal: AbortSignal) => loyaltyApi.settings(signal), []);
  const { state, reload, setData } = useAsync(read, { failedText: t.loadFailed });
  const loaded = loadedOf(state);

  return (
    <section className={styles.panel} aria-labelledby="loyalty-settings-heading">
      <div className={styles.panelHeader}>
        <h2 id="loyalty-settings-heading">{t.heading}</h2>
      </div>
      <p className={styles.muted}>{t.intro}</p>
      {loaded.status === 'loading' && <p role="status">{t.loading}</p>}
      {loaded.status === 'failed' && (
        <p role="alert" className={styles.alert}>
          {loaded.message}{' '}
          <button type="button" className={styles.secondary} onClick={() => reload('fresh')}>
            {t.retry}
          </button>
        </p>
      )}
      {loaded.status === 'ready' && <SettingsContent overview={loaded.data} onChanged={(overview) => setData(() => overview)} />}
    </section>
  );
}

function SettingsContent({ overview, onChanged }: { overview: LoyaltySettingsOverview; onChanged: (overview: LoyaltySettingsOverview) => void }) {
  const { current, history } = overview;
  const now = Date.now();
  return (
    <>
      <section className={styles.section} aria-labelledby="loyalty-current-heading">
        <h3 id="loyalty-current-heading">{t.currentHeading}</h3>
        <p className={styles.muted}>{t.since(formatDateTime(current.effectiveFrom))}</p>
        <dl className={styles.values}>
          {FIELDS.map((field) => (
            <div key={field}>
              <dt>{t.labels[field]}</dt>
              <dd>{shown(field, current[field])}</dd>
            </div>
          ))}
        </dl>
      </section>
      <SettingsForm current={current} onChanged={onChanged} />
      <section className={styles.section} aria-labelledby="loyalty-history-heading">
        <h3 id="loyalty-history-heading">{t.historyHeading}</h3>
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className={styles.muted}>{t.historyCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{t.effectiveFrom}</th>
                {FIELDS.map((field) => (
                  <th key={field} scope="col" className={styles.numeric}>
                    {t.labels[field]}
                  </th>
                ))}
                <th scope="col">{t.changedBy}</th>
                <th scope="col">{t.changedAt}</th>
                <th scope="col">{t.status}</th>
              </tr>
            </thead>
            <tbody>
              {history.map((change) => (
                <tr key={change.id}>
                  <th scope="row">
                    <time dateTime={change.effectiveFrom}>{formatDateTime(change.effectiveFrom)}</time>
                  </th>
                  {FIELDS.map((field) => (
                    <td key={field} className={styles.numeric}>
                      {shown(field, change[field])}
                    </td>
                  ))}
                  <td>{change.changedBy?.fullName ?? t.system}</td>
                  <td>
                    <time dateTime={change.createdAt}>{formatDateTime(change.createdAt)}</time>
                  </td>
                  <td>{statusOf(change, current, now)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}

function SettingsForm({ current, onChanged }: { current: LoyaltySettingsChange; onChanged: (overview: LoyaltySettingsOverview) => void }) {
  const formId = useId();
  const [values, setValues] = useState<Values>(() => valuesOf(current));
  const [later, setLater] = useState(false);
  const [when, setWhen] = useState('');
  const [problems, setProblems] = useState<Partial<Record<Field | 'effectiveFrom', string>>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState(false);
  const serverFields = fieldErrorsOf(error);
  const messageFor = (field: Field | 'effectiveFrom') => problems[field] ?? serverFields[field] ?? null;
  const idOf = (field: Field | 'effectiveFrom') => `${formId}-${field}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    setError(null);
    const found: Partial<Record<Field | 'effectiveFrom', string>> = {};
    for (const field of FIELDS) {
      const problem = valueProblem(field, values[field]);
      if (problem) found[field] = problem;
    }
    const at = later ? instantOf(when) : null;
    if (later && at === null) found.effectiveFrom = t.laterMissing;
    else if (at !== null && at.getTime() < Date.now()) found.effectiveFrom = t.laterPast;
    setProblems(found);
    const first = [...FIELDS, 'effectiveFrom' as const].find((field) => found[field]);
    if (first) {
      document.getElementById(idOf(first))?.focus();
      return;
    }
    setBusy(true);
    try {
      const overview = await loyaltyApi.changeSettings({
        pointsPer1000: Number(values.pointsPer1000.trim()),
        pointValue: Number(values.pointValue.trim()),
        redeemCapPercent: Number(values.redeemCapPercent.trim()),
        redeemMinimum: Number(values.redeemMinimum.trim()),
        signupBonus: Number(values.signupBonus.trim()),
        birthdayBonus: Number(values.birthdayBonus.trim()),
        ...(at ? { effectiveFrom: at.toISOString() } : {}),
      });
      setDone(true);
      setLater(false);
      setWhen('');
      onChanged(overview);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  const described = (field: Field | 'effectiveFrom', hint?: string) => [messageFor(field) ? `${idOf(field)}-error` : null, hint].filter(Boolean).join(' ') || undefined;
  const otherError = error !== null && !FIELDS.some((field) => serverFields[field]) && !serverFields.effectiveFrom;

  return (
    <section className={styles.section} aria-labelledby="loyalty-form-heading">
      <h3 id="loyalty-form-heading">{t.formHeading}</h3>
      <form className={styles.form} noValidate onSubmit={(event) => void submit(event)} aria-labelledby="loyalty-form-heading">
        <div className={styles.fields}>
          {FIELDS.map((field) => (
            <div key={field} className={styles.field}>
              <label htmlFor={idOf(field)}>{t.labels[field]}</label>
              <input
                id={idOf(field)}
                className={styles.input}
                inputMode="numeric"
                autoComplete="off"
                value={values[field]}
                aria-invalid={messageFor(field) ? true : undefined}
                aria-describedby={described(field, `${idOf(field)}-hint`)}
                onChange={(event) => {
                  const text = event.target.value;
                  setValues((shownValues) => ({ ...shownValues, [field]: text }));
                  setProblems(({ [field]: _dropped, ...rest }) => rest);
                }}
              />
              <span id={`${idOf(field)}-hint`} className={styles.hint}>
                {t.bounds(field)}
              </span>
              {messageFor(field) && (
                <span id={`${idOf(field)}-error`} role="alert" className={styles.fieldError}>
                  {messageFor(field)}
                </span>
              )}
            </div>
          ))}
        </div>
        <fieldset className={styles.choices}>
          <legend>{t.when}</legend>
          <label>
            <input type="radio" name={`${formId}-when`} checked={!later} onChange={() => setLater(false)} />
            {t.now}
          </label>
          <label>
            <input type="radio" name={`${formId}-when`} checked={later} onChange={() => setLater(true)} />
            {t.later}
          </label>
        </fieldset>
        {later && (
          <div className={styles.field}>
            <label htmlFor={idOf('effectiveFrom')}>{t.laterLabel}</label>
            <input
              id={idOf('effectiveFrom')}
              type="datetime-local"
              className={styles.input}
              value={when}
              aria-invalid={messageFor('effectiveFrom') ? true : undefined}
              aria-describedby={described('effectiveFrom')}
              onChange={(event) => {
                setWhen(event.target.value);
                setProblems(({ effectiveFrom: _dropped, ...rest }) => rest);
              }}
            />
          </div>
        )}
        {messageFor('effectiveFrom') && (
          <span id={`${idOf('effectiveFrom')}-error`} role="alert" className={styles.fieldError}>
            {messageFor('effectiveFrom')}
          </span>
        )}
        {otherError && (
          <p role="alert" className={styles.alert}>
            {messageOf(error, t.saveFailed)}
          </p>
        )}
        <p role="status" className={styles.done}>
          {done ? t.saved : ''}
        </p>
        <div>
          <button type="submit" className={styles.primary} disabled={busy}>
            {busy ? t.saving : t.save}
          </button>
        </div>
      </form>
    </section>
  );
}
