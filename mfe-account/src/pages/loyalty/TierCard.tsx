import type { MemberTier } from 'shared-contracts/schemas';
import { tierText as t } from './tierText';
import styles from './TierCard.module.css';
import pageStyles from './LoyaltyPage.module.css';

/** How far the member's 12 months' spending is towards the next tier's minimum (0–100). */
export function tierProgressPercent(tier: MemberTier): number {
  if (!tier.next) return 100;
  return Math.min(100, Math.floor((tier.spend12m * 100) / tier.next.minSpend));
}

/**
 * The member's tier: its name and points multiplier, the spending of the last 12 months and, below the top tier, how
 * much more reaches the next one, with a progress bar.
 */
export function TierCard({ tier }: { tier: MemberTier }) {
  const { next } = tier;
  const percent = tierProgressPercent(tier);
  return (
    <section className={pageStyles.card} aria-labelledby="loyalty-tier">
      <h2 id="loyalty-tier" className={pageStyles.heading}>
        {t.heading}
      </h2>
      <p className={styles.tier} data-testid="loyalty-tier">
        {t.tier(tier.label)}
      </p>
      <p className={pageStyles.muted}>{t.multiplier(tier.multiplierPercent)}</p>
      {next ? (
        <>
          <p data-testid="loyalty-tier-progress">{t.progress(tier.spend12m, next.remaining, next.label)}</p>
          <div className={styles.bar} role="progressbar" aria-label={t.progressLabel(next.label)} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
            <div className={styles.fill} style={{ width: `${percent}%` }} />
          </div>
          {next.remaining === 0 && <p className={pageStyles.muted}>{t.reached(next.label)}</p>}
        </>
      ) : (
        <>
          <p data-testid="loyalty-tier-progress">{t.spend(tier.spend12m)}</p>
          <p className={pageStyles.muted}>{t.top}</p>
        </>
      )}
      <p className={pageStyles.muted}>{t.howItWorks}</p>
    </section>
  );
}
