import { useState } from 'react';
import type { Vehicle } from 'shared-contracts/schemas';
import { PageIntro } from '../../components/PageIntro';
import { loadedOf, useAsync } from '../../hooks/useAsync';
import { FormNotice } from '../../forms/Fields';
import { vi } from '../../i18n/vi';
import { LoadFailure } from '../../service/LoadFailure';
import { LoginRequired } from '../../service/LoginRequired';
import { serviceApi } from '../../service/serviceApi';
import { useSession } from '../../session/useSession';
import { VehicleCard } from './VehicleCard';
import { VehicleForm } from './VehicleForm';
import { vehiclesText as t } from './vehiclesText';
import formStyles from '../../forms/Form.module.css';
import styles from './MyVehiclesPage.module.css';

type Editing = { kind: 'new' } | { kind: 'edit'; vehicle: Vehicle; focus?: 'model' } | null;

const readVehicles = (signal: AbortSignal) => serviceApi.vehicles(signal);

function Vehicles() {
  const { state: loaded, reload, setData } = useAsync(readVehicles, {});
  const state = loadedOf(loaded);
  const update = (change: (list: Vehicle[]) => Vehicle[]) => setData((list) => list && change(list));
  const [editing, setEditing] = useState<Editing>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const saved = (vehicle: Vehicle) => {
    const added = editing?.kind === 'new';
    update((list) => (added ? [...list, vehicle] : list.map((entry) => (entry.id === vehicle.id ? vehicle : entry))));
    setNotice(added ? t.added(vehicle.licensePlate) : t.saved(vehicle.licensePlate));
    setEditing(null);
  };

  const removed = (vehicle: Vehicle) => {
    update((list) => list.filter((entry) => entry.id !== vehicle.id));
    setNotice(t.removed(vehicle.licensePlate));
  };

  return (
    <>
      {notice && <FormNotice tone="success">{notice}</FormNotice>}
      {editing ? (
        <VehicleForm
          key={editing.kind === 'edit' ? editing.vehicle.id : 'new'}
          vehicle={editing.kind === 'edit' ? editing.vehicle : undefined}
          focus={editing.kind === 'edit' ? editing.focus : undefined}
          onSaved={saved}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <div className={styles.toolbar}>
          <button
            type="button"
            className={formStyles.primary}
            onClick={() => {
              setNotice(null);
              setEditing({ kind: 'new' });
            }}
          >
            {t.add}
          </button>
        </div>
      )}
      {state.status === 'loading' && (
        <p role="status" className={styles.muted}>
          {t.loading}
        </p>
      )}
      {state.status === 'failed' && <LoadFailure message={state.message} onRetry={() => reload('fresh')} />}
      {state.status === 'ready' && state.data.length === 0 && !editing && <p className={styles.muted}>{t.empty}</p>}
      {state.status === 'ready' && state.data.length > 0 && (
        <ul className={styles.list} aria-label={t.listLabel}>
          {state.data.map((vehicle) => (
            <li key={vehicle.id}>
              <VehicleCard
                vehicle={vehicle}
                onEdit={() => {
                  setNotice(null);
                  setEditing({ kind: 'edit', vehicle });
                }}
                onChooseModel={() => {
                  setNotice(null);
                  setEditing({ kind: 'edit', vehicle, focus: 'model' });
                }}
                onRemoved={() => removed(vehicle)}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** /my-vehicles: the customer's vehicles with their next maintenance; add, edit, remove (login-guarded by the shell). */
export function MyVehiclesPage() {
  const session = useSession();
  return (
    <div className={styles.page}>
      <PageIntro title={vi.myVehicles.title} description={vi.myVehicles.description} />
      {session ? <Vehicles key={session.user.id} /> : <LoginRequired />}
    </div>
  );
}

export default MyVehiclesPage;
