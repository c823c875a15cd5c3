import { useCallback, useId, useState, type FormEvent } from 'react';
import { formatDateTime, formatVnd } from 'shared-contracts';
import { LOYALTY_RANKED_TIERS, LOYALTY_TIER_LABELS, LOYALTY_TIER_MULTIPLIER_BOUNDS, LOYALTY_TIER_SPEND_MAX, loyaltyTierFieldLabels, loyaltyTierRuleMessages, type LoyaltyRankedTier } from 'shared-contracts/pricing';
import type { LoyaltyTierRulesChange, LoyaltyTierRulesInput, LoyaltyTierRulesOverview } from 'shared-contracts/schemas';
import { fieldErrorsOf, messageOf } from '../api/apiErrors';
import { loadedOf, useAsync } from '../hooks/useAsync';
import { loyaltyApi } from './loyaltyApi';
import { loyaltyText } from './loyaltyText';
import { formatMultiplier, tierRulesText as t } from './tierRulesText';
import styles from './Loyalty.module.css';

const common = loyaltyText.settings;
type Field = Exclude<keyof LoyaltyTierRulesInput, 'effectiveFrom'>;
type Values = Record<Field, string>;

const SPEND_FIELD: Record<LoyaltyRankedTier, Field> = { SILVER: 'silverMinSpend', GOLD: 'goldMinSpend', DIAMOND: 'diamondMinSpend' };
const MULTIPLIER_FIELD: Record<LoyaltyRankedTier, Field> = { SILVER: 'silverMultiplierPercent', GOLD: 'goldMultiplierPercent', DIAMOND: 'diamondMultiplierPercent' };
const FIELDS: readonly Field[] = LOYALTY_RANKED_TIERS.flatMap((tier) => [SPEND_FIELD[tier], MULTIPLIER_FIELD[tier]]);

const ruleOf = (change: LoyaltyTierRulesChange, tier: LoyaltyRankedTier) => change.tiers.find((rule) => rule.code === tier);

function valuesOf(change: LoyaltyTierRulesChange): Values {
  const values = {} as Values;
  for (const tier of LOYALTY_RANKED_TIERS) {
    values[SPEND_FIELD[tier]] = String(ruleOf(change, tier)?.minSpend ?? '');
    values[MULTIPLIER_FIELD[tier]] = String(ruleOf(change, tier)?.multiplierPercent ?? '');
  }
  return values;
}

/** A whole number within [min, max], or null. */
function wholeWithin(text: string, min: number, max: number): number | null {
  const trimmed = text.trim().replace(/\./g, '');
  if (!/^\d{1,12}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value < min || value > max ? null : value;
}

/**
 * What the form would send, or each field's problem: every minimum spend a whole number of ₫ (strictly increasing Bạc
 * < Vàng < Kim cương), every multiplier 100–300 %. The server checks the same (shared-contracts' messages).
 */
export function checkTierRules(values: Values): { input: Omit<LoyaltyTierRulesInput, 'effectiveFrom'> } | { problems: Partial<Record<Field, string>> } {
  const problems: Partial<Record<Field, string>> = {};
  const input = {} as Record<Field, number>;
  for (const tier of LOYALTY_RANKED_TIERS) {
    const spend = wholeWithin(values[SPEND_FIELD[tier]], 1, LOYALTY_TIER_SPEND_MAX);
    if (spend === null) problems[SPEND_FIELD[tier]] = loyaltyTierRuleMessages.minSpend(tier);
    else input[SPEND_FIELD[tier]] = spend;
    const multiplier = wholeWithin(values[MULTIPLIER_FIELD[tier]], LOYALTY_TIER_MULTIPLIER_BOUNDS.min, LOYALTY_TIER_MULTIPLIER_BOUNDS.max);
    if (multiplier === null) problems[MULTIPLIER_FIELD[tier]] = loyaltyTierRuleMessages.multiplierPercent(tier);
    else input[MULTIPLIER_FIELD[tier]] = multiplier;
  }
  if (!problems.goldMinSpend && !problems.silverMinSpend && input.goldMinSpend <= input.silverMinSpend) problems.goldMinSpend = loyaltyTierRuleMessages.increasing;
  if (!problems.diamondMinSpend && !problems.goldMinSpend && input.diamondMinSpend <= input.goldMinSpend) problems.diamondMinSpend = loyaltyTierRuleMessages.increasing;
  return Object.keys(problems).length > 0 ? { problems } : { input };
}

function instantOf(local: string): Date | null {
  if (!local) return null;
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? null : at;
}

function statusOf(change: LoyaltyTierRulesChange, current: LoyaltyTierRulesChange, now: number): string {
  if (change.id === current.id) return common.statuses.current;
  return Date.parse(change.effectiveFrom) > now ? common.statuses.upcoming : common.statuses.past;
}

/**
 * "Hạng thành viên" (the admin's, on /admin?view=loyalty): the tiers in force (minimum spend over 12 months and points
 * multiplier), a form for a change from now or a later instant (checked here, then by the server), and every change.
 */
export function TierRulesPanel() {
  const read = useCallback((signal: AbortSignal) => loyaltyApi.tierRules(signal), []);
  const { state, reload, setData } = useAsync(read, { failedText: t.loadFailed });
  const loaded = loadedOf(state);
  return (
    <section className={styles.panel} aria-labelledby="tier-rules-heading">
      <div className={styles.panelHeader}>
        <h2 id="tier-rules-heading">{t.heading}</h2>
      </div>
      <p className={styles.muted}>{t.intro}</p>
      {loaded.status === 'loading' && <p role="status">{t.loading}</p>}
      {loaded.status === 'failed' && (
        <p role="alert" className={styles.alert}>
          {loaded.message}{' '}
          <button type="button" className={styles.secondary} onClick={() => reload('fresh')}>
            {common.retry}
          </button>
        </p>
      )}
      {loaded.status === 'ready' && <TierRulesContent overview={loaded.data} onChanged={(overview) => setData(() => overview)} />}
    </section>
  );
}

function TierRulesContent({ overview, onChanged }: { overview: LoyaltyTierRulesOverview; onChanged: (overview: LoyaltyTierRulesOverview) => void }) {
  const { current, history } = overview;
  const now = Date.now();
  return (
    <>
      <section className={styles.section} aria-labelledby="tier-current-heading">
        <h3 id="tier-current-heading">{t.currentHeading}</h3>
        <p className={styles.muted}>{common.since(formatDateTime(current.effectiveFrom))}</p>
        <div className={styles.tableWrap}>
          <table className={styles.table} aria-labelledby="tier-current-heading">
            <thead>
              <tr>
                <th scope="col">{t.tier}</th>
                <th scope="col" className={styles.numeric}>
                  {t.minSpend}
                </th>
                <th scope="col" className={styles.numeric}>
                  {t.multiplier}
                </th>
              </tr>
            </thead>
            <tbody>
              {current.tiers.map((rule) => (
                <tr key={rule.code}>
                  <th scope="row">{rule.label}</th>
                  <td className={styles.numeric}>{formatVnd(rule.minSpend)}</td>
                  <td className={styles.numeric}>{formatMultiplier(rule.multiplierPercent)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <TierRulesForm current={current} onChanged={onChanged} />
      <section className={styles.section} aria-labelledby="tier-history-heading">
        <h3 id="tier-history-heading">{common.historyHeading}</h3>
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className={styles.muted}>{t.historyCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{common.effectiveFrom}</th>
                {LOYALTY_RANKED_TIERS.map((tier) => (
                  <th key={tier} scope="col">
                    {LOYALTY_TIER_LABELS[tier]}
                  </th>
                ))}
                <th scope="col">{common.changedBy}</th>
                <th scope="col">{common.changedAt}</th>
                <th scope="col">{common.status}</th>
              </tr>
            </thead>
            <tbody>
              {history.map((change) => (
                <tr key={change.id}>
                  <th scope="row">
                    <time dateTime={change.effectiveFrom}>{formatDateTime(change.effectiveFrom)}</time>
                  </th>
                  {LOYALTY_RANKED_TIERS.map((tier) => {
                    const rule = ruleOf(change, tier);
                    return <td key={tier}>{rule ? t.rule(rule.minSpend, rule.multiplierPercent) : ''}</td>;
                  })}
                  <td>{change.changedBy?.fullName ?? common.system}</td>
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

function TierRulesForm({ current, onChanged }: { current: LoyaltyTierRulesChange; onChanged: (overview: LoyaltyTierRulesOverview) => void }) {
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
    const checked = checkTierRules(values);
    const found: Partial<Record<Field | 'effectiveFrom', string>> = 'problems' in checked ? { ...checked.problems } : {};
    const at = later ? instantOf(when) : null;
    if (later && at === null) found.effectiveFrom = common.laterMissing;
    else if (at !== null && at.getTime() < Date.now()) found.effectiveFrom = common.laterPast;
    setProblems(found);
    const first = [...FIELDS, 'effectiveFrom' as const].find((field) => found[field]);
    if (first || !('input' in checked)) {
      if (first) document.getElementById(idOf(first))?.focus();
      return;
    }
    setBusy(true);
    try {
      const overview = await loyaltyApi.changeTierRules({ ...checked.input, ...(at ? { effectiveFrom: at.toISOString() } : {}) });
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
  const labelOf = (field: Field) => {
    const tier = LOYALTY_RANKED_TIERS.find((one) => SPEND_FIELD[one] === field || MULTIPLIER_FIELD[one] === field)!;
    return SPEND_FIELD[tier] === field ? loyaltyTierFieldLabels.minSpend(tier) : loyaltyTierFieldLabels.multiplierPercent(tier);
  };
  const hintOf = (field: Field) => (field.endsWith('MinSpend') ? t.spendHint : t.multiplierHint);

  return (
    <section className={styles.section} aria-labelledby="tier-form-heading">
      <h3 id="tier-form-heading">{t.formHeading}</h3>
      <form className={styles.form} noValidate onSubmit={(event) => void submit(event)} aria-labelledby="tier-form-heading">
        <div className={styles.fields}>
          {FIELDS.map((field) => (
            <div key={field} className={styles.field}>
              <label htmlFor={idOf(field)}>{labelOf(field)}</label>
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
                  setValues((shown) => ({ ...shown, [field]: text }));
                  setProblems(({ [field]: _dropped, ...rest }) => rest);
                }}
              />
              <span id={`${idOf(field)}-hint`} className={styles.hint}>
                {hintOf(field)}
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
          <legend>{common.when}</legend>
          <label>
            <input type="radio" name={`${formId}-when`} checked={!later} onChange={() => setLater(false)} />
            {common.now}
          </label>
          <label>
            <input type="radio" name={`${formId}-when`} checked={later} onChange={() => setLater(true)} />
            {common.later}
          </label>
        </fieldset>
        {later && (
          <div className={styles.field}>
            <label htmlFor={idOf('effectiveFrom')}>{common.laterLabel}</label>
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
            {messageOf(error, common.saveFailed)}
          </p>
        )}
        <p role="status" className={styles.done}>
          {done ? t.saved : ''}
        </p>
        <div>
          <button type="submit" className={styles.primary} disabled={busy}>
            {busy ? common.saving : common.save}
          </button>
        </div>
      </form>
    </section>
  );
}
