import { useState, type FormEvent } from 'react';
import { formatDateTime, formatVnd } from 'shared-contracts';
import { formatTierMultiplier, LOYALTY_RANKED_TIERS, LOYALTY_TIER_LABELS, LOYALTY_TIER_MULTIPLIER_BOUNDS, LOYALTY_TIER_SPEND_MAX, loyaltyTierFieldLabels, loyaltyTierRuleMessages, type LoyaltyRankedTier } from 'shared-contracts/pricing';
import type { LoyaltyTierRulesChange, LoyaltyTierRulesInput, LoyaltyTierRulesOverview } from 'shared-contracts/schemas';
import { loyaltyApi } from './loyaltyApi';
import { loyaltyText } from './loyaltyText';
import { tierRulesText as t } from './tierRulesText';
import { EffectiveFromFields } from './EffectiveFromFields';
import { RuleFormFooter } from './RuleFormFooter';
import { RuleHistory, type RuleColumn } from './RuleHistory';
import { RuleNumberField } from './RuleNumberField';
import { RulesPanel } from './RulesPanel';
import { useRuleForm } from './useRuleForm';
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

const HISTORY_COLUMNS: readonly RuleColumn<LoyaltyTierRulesChange>[] = LOYALTY_RANKED_TIERS.map((tier) => ({
  key: tier,
  label: LOYALTY_TIER_LABELS[tier],
  cell: (change) => {
    const rule = ruleOf(change, tier);
    return rule ? t.rule(rule.minSpend, rule.multiplierPercent) : '';
  },
}));

const readTierRules = (signal: AbortSignal) => loyaltyApi.tierRules(signal);

/**
 * "Hạng thành viên" (the admin's, on /admin?view=loyalty): the tiers in force (minimum spend over 12 months and points
 * multiplier), a form for a change from now or a later instant (checked here, then by the server), and every change.
 */
export function TierRulesPanel() {
  return (
    <RulesPanel headingId="tier-rules-heading" text={t} read={readTierRules}>
      {(overview, onChanged) => <TierRulesContent overview={overview} onChanged={onChanged} />}
    </RulesPanel>
  );
}

function TierRulesContent({ overview, onChanged }: { overview: LoyaltyTierRulesOverview; onChanged: (overview: LoyaltyTierRulesOverview) => void }) {
  const { current, history } = overview;
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
                  <td className={styles.numeric}>{formatTierMultiplier(rule.multiplierPercent)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <TierRulesForm current={current} onChanged={onChanged} />
      <RuleHistory headingId="tier-history-heading" caption={t.historyCaption} history={history} currentId={current.id} columns={HISTORY_COLUMNS} />
    </>
  );
}

function TierRulesForm({ current, onChanged }: { current: LoyaltyTierRulesChange; onChanged: (overview: LoyaltyTierRulesOverview) => void }) {
  const [values, setValues] = useState<Values>(() => valuesOf(current));
  const form = useRuleForm(FIELDS);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(checkTierRules(values), async (input) => onChanged(await loyaltyApi.changeTierRules(input)));
  };
  const labelOf = (field: Field) => {
    const tier = LOYALTY_RANKED_TIERS.find((one) => SPEND_FIELD[one] === field || MULTIPLIER_FIELD[one] === field)!;
    return SPEND_FIELD[tier] === field ? loyaltyTierFieldLabels.minSpend(tier) : loyaltyTierFieldLabels.multiplierPercent(tier);
  };
  const hintOf = (field: Field) => (field.endsWith('MinSpend') ? t.spendHint : t.multiplierHint);

  return (
    <section className={styles.section} aria-labelledby="tier-form-heading">
      <h3 id="tier-form-heading">{t.formHeading}</h3>
      <form className={styles.form} noValidate onSubmit={submit} aria-labelledby="tier-form-heading">
        <div className={styles.fields}>
          {FIELDS.map((field) => (
            <RuleNumberField
              key={field}
              id={form.idOf(field)}
              label={labelOf(field)}
              hint={hintOf(field)}
              value={values[field]}
              error={form.messageFor(field)}
              onChange={(text) => {
                setValues((shown) => ({ ...shown, [field]: text }));
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
