import { useState } from 'react';
import { lastDays, ManagerKpis } from '../kpis';
import { ProviderStatusPanel } from '../providerStatus';
import { ChartsSection } from '../reports';
import { CentreComparison } from './CentreComparison';
import styles from './AdminOverview.module.css';

/**
 * /admin (spec §7 A1): the KPI tiles across all centres (with the web shop's revenue), whether each outside provider
 * works (a down Zalo or payOS said in words), the per-centre comparison over the last 30 days, and the charts of every
 * centre (their code loads lazily).
 */
export function AdminOverview() {
  const [range] = useState(() => lastDays(Date.now(), 30));
  return (
    <div className={styles.overview}>
      <ManagerKpis allCentres />
      <ProviderStatusPanel />
      <CentreComparison range={range} />
      <ChartsSection range={range} />
    </div>
  );
}
