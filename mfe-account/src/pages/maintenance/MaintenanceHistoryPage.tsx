import { useCallback, useId } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { formatDate } from 'shared-contracts';
import { PageIntro } from '../../components/PageIntro';
import { loadedOf, useAsync } from '../../hooks/useAsync';
import { vi } from '../../i18n/vi';
import { LoadFailure } from '../../service/LoadFailure';
import { LoginRequired } from '../../service/LoginRequired';
import { serviceApi } from '../../service/serviceApi';
import { loadVisitRatings, RecordRating, withRating } from '../../serviceRating';
import { useSession } from '../../session/useSession';
import { MaintenanceRecordCard } from './MaintenanceRecordCard';
import { maintenanceText as t } from './maintenanceText';
import formStyles from '../../forms/Form.module.css';
import styles from './MaintenanceHistoryPage.module.css';

function readVehicleId(value: string | null): number | null {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}

const readVehicles = (signal: AbortSignal) => serviceApi.vehicles(signal);

function History() {
  const [query, setQuery] = useSearchParams();
  const vehicleId = readVehicleId(query.get('vehicleId'));
  const filterId = useId();
  const vehicles = loadedOf(useAsync(readVehicles, {}).state);
  const readRecords = useCallback((signal: AbortSignal) => serviceApi.maintenanceRecords(vehicleId, signal), [vehicleId]);
  const recordsLoad = useAsync(readRecords, {});
  const records = { state: loadedOf(recordsLoad.state), reload: () => recordsLoad.reload('fresh') };
  // each visit's rating: "Đánh giá" while it waits for one, else the stars given
  const visitRatingsLoad = useAsync(loadVisitRatings, {});
  const visitRatings = loadedOf(visitRatingsLoad.state);

  const chooseVehicle = (value: string) => {
    const next = new URLSearchParams(query);
    if (value) next.set('vehicleId', value);
    else next.delete('vehicleId');
    setQuery(next);
  };

  const vehicleList = vehicles.status === 'ready' ? vehicles.data : [];
  return (
    <>
      {vehicleList.length > 0 && (
        <div className={`${formStyles.field} ${styles.filter}`}>
          <label htmlFor={filterId} className={formStyles.label}>
            {t.vehicleFilter}
          </label>
          <select id={filterId} className={formStyles.input} value={vehicleId === null ? '' : String(vehicleId)} onChange={(event) => chooseVehicle(event.target.value)}>
            <option value="">{t.allVehicles}</option>
            {vehicleList.map((vehicle) => (
              <option key={vehicle.id} value={vehicle.id}>
                {vehicle.licensePlate} · {vehicle.brand} {vehicle.model}
              </option>
            ))}
          </select>
        </div>
      )}
      {records.state.status === 'loading' && (
        <p role="status" className={styles.muted}>
          {t.loading}
        </p>
      )}
      {records.state.status === 'failed' && <LoadFailure message={records.state.message} onRetry={records.reload} />}
      {records.state.status === 'ready' &&
        (records.state.data.length === 0 ? (
          <div className={formStyles.actions}>
            <p className={styles.muted}>{vehicleId === null ? t.empty : t.emptyForVehicle}</p>
            <Link to={vehicleId === null ? '/booking' : `/booking?vehicleId=${vehicleId}`} className={formStyles.primary}>
              {t.book}
            </Link>
          </div>
        ) : (
          <>
            <p className={styles.muted} role="status">
              {t.count(records.state.data.length)}
            </p>
            <ol className={styles.list} aria-label={t.listLabel}>
              {records.state.data.map((record) => (
                <li key={record.id}>
                  <MaintenanceRecordCard record={record} showVehicle={vehicleId === null}>
                    {visitRatings.status === 'ready' && (
                      <RecordRating
                        recordId={record.id}
                        date={formatDate(record.servicedAt)}
                        centreName={record.centre.name}
                        technicianName={record.technicianName}
                        ratings={visitRatings.data}
                        onRated={(rating) => visitRatingsLoad.setData((data) => data && withRating(data, rating, record.id))}
                      />
                    )}
                  </MaintenanceRecordCard>
                </li>
              ))}
            </ol>
          </>
        ))}
    </>
  );
}

/** /maintenance-history: every maintenance of the customer's vehicles, newest first, filtered by ?vehicleId= (login-guarded by the shell). */
export function MaintenanceHistoryPage() {
  const session = useSession();
  return (
    <div className={styles.page}>
      <PageIntro title={vi.maintenanceHistory.title} description={vi.maintenanceHistory.description} />
      {session ? <History key={session.user.id} /> : <LoginRequired />}
    </div>
  );
}

export default MaintenanceHistoryPage;
