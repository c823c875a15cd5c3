import { useState } from 'react';
import { lastDays } from '../kpis';
import { ChartsSection } from './ChartsSection';

/** /manager's overview charts (spec §7 M1, §9): the last 30 local days up to today, the manager's own centre. */
export function ManagerCharts({ centreId }: { centreId?: number }) {
  const [range] = useState(() => lastDays(Date.now(), 30));
  return <ChartsSection range={range} centreId={centreId} />;
}
