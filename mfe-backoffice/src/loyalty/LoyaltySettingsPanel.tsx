import { useState, type FormEvent } from 'react';
import { formatDateTime, formatVnd } from 'shared-contracts';
import type { LoyaltySettingsChange, LoyaltySettingsOverview } from 'shared-contracts/schemas';
import { LOYALTY_SETTINGS_BOUNDS } from 'shared-contracts/pricing';
import { loyaltyApi } from './loyaltyApi';
import { loyaltyText } from './loyaltyText';
import { EffectiveFromFields } from './EffectiveFromFields';
import { RuleFormFooter } from './RuleFormFooter';
import { RuleHistory, type RuleColumn } from './RuleHistory';
import { RuleNumberField } from './RuleNumberField';
import { RulesPanel } from './RulesPanel';
import { useRuleForm } from './useRuleForm';
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

/** What the form would send, or each field's problem. */
function checkSettings(values: Values): { input: Record<Field, number> } | { problems: Partial<Record<Field, string>> } {
  const problems: Partial<Record<Field, string>> = {};
  for (const field of FIELDS) {
    const problem = valueProblem(field, values[field]);
    if (problem) problems[field] = problem;
  }
  if (Object.keys(problems).length > 0) return { problems };
  return { input: Object.fromEntries(FIELDS.map((field) => [field, Number(values[field].trim())])) as Record<Field, number> };
}

const HISTORY_COLUMNS: readonly RuleColumn<LoyaltySettingsChange>[] = FIELDS.map((field) => ({ key: field, label: t.labels[field], numeric: true, cell: (change) => shown(field, change[field]) }));

const valuesOf = (change: LoyaltySettingsChange): Values => Object.fromEntries(FIELDS.map((field) => [field, String(change[field])])) as Values;

const readSettings = (signal: AbortSignal) => loyaltyApi.settings(signal);

/**
 * "Điểm thưởng" (the admin's): the rules in force, a form for a new change from now or a later instant (checked
 * here first, then by the server: a 422 names the field), and every change with who made it and from when.
 */
export function LoyaltySettingsPanel() {
  return (
    <RulesPanel headingId="loyalty-settings-heading" text={t} read={readSettings}>
      {(overview, onChanged) => <SettingsContent overview={overview} onChanged={onChanged} />}
    </RulesPanel>
  );
}

function SettingsContent({ overview, onChanged }: { overview: LoyaltySettingsOverview; onChanged: (overview: LoyaltySettingsOverview) => void }) {
  const { current, history } = overview;
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
      <RuleHistory headingId="loyalty-history-heading" caption={t.historyCaption} history={history} currentId={current.id} columns={HISTORY_COLUMNS} />
    </>
  );
}

function SettingsForm({ current, onChanged }: { current: LoyaltySettingsChange; onChanged: (overview: LoyaltySettingsOverview) => void }) {
  const [values, setValues] = useState<Values>(() => valuesOf(current));
  const form = useRuleForm(FIELDS);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(checkSettings(values), async (input) => onChanged(await loyaltyApi.changeSettings(input)));
  };

  return (
    <section className={styles.section} aria-labelledby="loyalty-form-heading">
      <h3 id="loyalty-form-heading">{t.formHeading}</h3>
      <form className={styles.form} noValidate onSubmit={submit} aria-labelledby="loyalty-form-heading">
        <div className={styles.fields}>
          {FIELDS.map((field) => (
            <RuleNumberField
              key={field}
              id={form.idOf(field)}
              label={t.labels[field]}
              hint={t.bounds(field)}
              value={values[field]}
              error={form.messageFor(field)}
              onChange={(text) => {
                setValues((shownValues) => ({ ...shownValues, [field]: text }));
                form.clear(field);
              }}
            />
          ))}
        </div>
        <EffectiveFromFields formId={form.formId} effective={form.effective} error={form.messageFor('effectiveFrom')} onEdit={() => form.clear('effectiveFrom')} />
        <RuleFormFooter error={form.otherError} done={form.done} savedText={t.saved} busy={form.busy} />
      </form>
    </section>
  );
}
