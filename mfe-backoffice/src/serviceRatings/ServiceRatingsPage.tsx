import { useCallback, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { AreaPage } from '../components/AreaPage';
import { latestOf, useAsync } from '../hooks/useAsync';
import { useSessionRole } from '../hooks/useSessionRole';
import type { RoleArea } from '../i18n/vi';
import { lastDays } from '../kpis';
import { reportsApi } from '../reports';
import { FollowUpList } from './FollowUpList';
import { PeriodForm } from './PeriodForm';
import { RatingKpiSection } from './RatingKpiSection';
import { RatingList } from './RatingList';
import { serviceRatingsApi, type RatingScope } from './serviceRatingsApi';
import { serviceRatingsText as t } from './serviceRatingsText';
import styles from './ServiceRatings.module.css';

const readCentres = (signal: AbortSignal) => reportsApi.centres(signal);

/**
 * "Đánh giá dịch vụ" (/manager/ratings, and /admin/ratings for an admin with a centre picker): the period's rating
 * KPIs and CSV, per technician, the customers to call back after a low rating, then every rating with Ẩn / Hiện lại.
 */
export function ServiceRatingsPage() {
  const { pathname } = useLocation();
  const area: RoleArea = pathname.startsWith('/admin') ? 'admin' : 'manager';
  const isAdmin = useSessionRole() === 'admin' || area === 'admin';
  const [scope, setScope] = useState<RatingScope>(() => lastDays(Date.now(), 30));
  const [kpiRevision, setKpiRevision] = useState(0);
  const [followUpRevision, setFollowUpRevision] = useState(0);

  const { state: centresLoad } = useAsync(readCentres, { failedText: t.centresFailed, enabled: isAdmin });
  const readKpis = useCallback((signal: AbortSignal) => serviceRatingsApi.kpis(scope, signal), [scope]);
  const kpiLoad = useAsync(readKpis, { failedText: t.kpis.loadFailed, start: 'keep', reloadKey: kpiRevision });
  const kpis = latestOf(kpiLoad.state);
  const technicians = kpis.status === 'ready' ? kpis.data.technicians : [];

  const refreshKpis = useCallback(() => setKpiRevision((value) => value + 1), []);
  const refreshAll = useCallback(() => {
    setKpiRevision((value) => value + 1);
    setFollowUpRevision((value) => value + 1);
  }, []);

  return (
    <AreaPage area={area} path={`/${area}/ratings`}>
      <div className={styles.stack}>
        <PeriodForm applied={scope} onApply={setScope} centres={isAdmin ? (centresLoad.data ?? null) : undefined} label={t.period} />
        {isAdmin && centresLoad.error && <p className={styles.muted}>{centresLoad.error}</p>}
        <RatingKpiSection scope={scope} state={kpis} onRetry={() => kpiLoad.reload('fresh')} />
        <FollowUpList centreId={scope.centreId} revision={followUpRevision} onChanged={refreshKpis} />
        <RatingList key={`${scope.centreId ?? 'all'}`} scope={scope} technicians={technicians} revision={kpiRevision} onChanged={refreshAll} />
      </div>
    </AreaPage>
  );
}

export default ServiceRatingsPage;
