import { useCallback, useId, useState, type FormEvent } from 'react';
import type { VehicleModelAdmin, VehicleType } from 'shared-contracts/schemas';
import { VEHICLE_TYPE_LABELS } from 'shared-contracts/labels';
import { isConflict, messageOf } from '../api/apiErrors';
import { AreaPage } from '../components/AreaPage';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { ListMessages } from '../components/ListMessages';
import { ScrollRegion } from '../components/ScrollRegion';
import { useAsync } from '../hooks/useAsync';
import { modelInput, valuesOfModel } from './vehicleModelForm';
import { VehicleModelDialog } from './VehicleModelDialog';
import { vehicleModelsApi, type VehicleModelsQuery } from './vehicleModelsApi';
import { vehicleModelsText as t } from './vehicleModelsText';
import styles from '../components/ReferenceLists.module.css';

const TYPES = Object.keys(VEHICLE_TYPE_LABELS) as VehicleType[];

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; model: VehicleModelAdmin }
  | { kind: 'deactivate'; model: VehicleModelAdmin }
  | { kind: 'reactivate'; model: VehicleModelAdmin }
  | { kind: 'remove'; model: VehicleModelAdmin }
  | null;

/**
 * The list: search (accent-insensitive, sent to the API), the type filter, every model with its years, battery,
 * how many customers' vehicles name it and its status; add, edit, deactivate / reactivate (the whole model saved
 * with its new status) and delete (the API deactivates instead when the model is in use). A refusal, e.g. a 409 for
 * a brand + model + variant that exists already, is explained and the list read again.
 */
function VehicleModelsAdmin() {
  const ids = { title: useId(), search: useId(), type: useId() };
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState<VehicleModelsQuery>({ q: '', type: '' });
  const [announcement, setAnnouncement] = useState('');
  const [actionError, setActionError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const read = useCallback((signal: AbortSignal) => vehicleModelsApi.list(query, signal), [query]);
  const { state, reload } = useAsync(read, { failedText: t.loadFailed, start: 'keep' });
  const models = state.data ?? null;
  const failed = state.loading ? null : state.error;

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQuery((current) => ({ ...current, q: typed.trim() }));
  };

  const done = (message: string) => {
    setDialog(null);
    setActionError(null);
    setAnnouncement(message);
    reload();
  };

  /** A status change or a delete; a refusal is explained (a 409 also reads the list again). */
  const run = async (write: () => Promise<string>) => {
    setActionError(null);
    try {
      done(await write());
    } catch (error) {
      setDialog(null);
      const message = messageOf(error, t.actionFailed);
      if (isConflict(error)) {
        setActionError(`${message} ${t.reloaded}`);
        reload();
      } else setActionError(message);
    }
  };

  const setActive = (model: VehicleModelAdmin, active: boolean) =>
    run(async () => {
      await vehicleModelsApi.save(model.id, modelInput(valuesOfModel(model), active));
      return active ? t.reactivateDialog.done(model.label) : t.deactivateDialog.done(model.label);
    });

  const remove = (model: VehicleModelAdmin) =>
    run(async () => {
      const outcome = await vehicleModelsApi.remove(model.id);
      return outcome.data?.deleted === false ? t.removeDialog.deactivated(model.label) : t.removeDialog.deleted(model.label);
    });

  return (
    <section className={styles.panel} aria-labelledby={ids.title}>
      <h2 id={ids.title}>{t.listTitle}</h2>
      <div className={styles.toolbar}>
        <form role="search" className={styles.search} onSubmit={search}>
          <div className={styles.field}>
            <label htmlFor={ids.search}>{t.search.label}</label>
            <input id={ids.search} type="search" className={styles.input} value={typed} placeholder={t.search.placeholder} maxLength={100} onChange={(event) => setTyped(event.target.value)} />
          </div>
          <button type="submit" className={styles.secondary}>
            {t.search.submit}
          </button>
        </form>
        <div className={styles.field}>
          <label htmlFor={ids.type}>{t.typeFilter.label}</label>
          <select id={ids.type} className={styles.input} value={query.type} onChange={(event) => setQuery((current) => ({ ...current, type: event.target.value as VehicleType | '' }))}>
            <option value="">{t.typeFilter.all}</option>
            {TYPES.map((type) => (
              <option key={type} value={type}>
                {VEHICLE_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className={styles.primary} onClick={() => setDialog({ kind: 'create' })}>
          {t.create}
        </button>
      </div>

      <ListMessages
        announcement={announcement}
        actionError={actionError}
        failed={failed}
        onRetry={() => reload()}
        retryLabel={t.retry}
        loading={!models && !failed}
        loadingLabel={t.loading}
        empty={models !== null && models.length === 0}
        emptyLabel={t.empty}
      />
      {models && models.length > 0 && (
        <ScrollRegion className={styles.tableWrap} label={t.tableLabel}>
          <table className={styles.table}>
            <caption className={styles.hint}>{t.tableCaption(models.length)}</caption>
            <thead>
              <tr>
                <th scope="col">{t.columns.label}</th>
                <th scope="col">{t.columns.type}</th>
                <th scope="col">{t.columns.years}</th>
                <th scope="col">{t.columns.battery}</th>
                <th scope="col" className={styles.numeric}>
                  {t.columns.vehicles}
                </th>
                <th scope="col">{t.columns.status}</th>
                <th scope="col">{t.columns.actions}</th>
              </tr>
            </thead>
            <tbody>
              {models.map((model) => (
                <tr key={model.id}>
                  <th scope="row">
                    {model.label}
                    {model.variant === null && <span className={styles.secondaryText}>{t.baseModel}</span>}
                  </th>
                  <td>{VEHICLE_TYPE_LABELS[model.type]}</td>
                  <td>{t.years(model.yearFrom, model.yearTo)}</td>
                  <td>{t.battery(model.batteryKwh, model.batteryChemistry)}</td>
                  <td className={styles.numeric}>{new Intl.NumberFormat('vi-VN').format(model.vehicleCount)}</td>
                  <td>
                    <span className={model.active ? styles.badge : styles.badgeWarn}>{model.active ? t.status.active : t.status.inactive}</span>
                  </td>
                  <td>
                    <div className={styles.actions}>
                      <button type="button" className={styles.secondary} aria-label={t.actions.editLabel(model.label)} onClick={() => setDialog({ kind: 'edit', model })}>
                        {t.actions.edit}
                      </button>
                      {model.active ? (
                        <button type="button" className={styles.secondary} aria-label={t.actions.deactivateLabel(model.label)} onClick={() => setDialog({ kind: 'deactivate', model })}>
                          {t.actions.deactivate}
                        </button>
                      ) : (
                        <button type="button" className={styles.secondary} aria-label={t.actions.reactivateLabel(model.label)} onClick={() => setDialog({ kind: 'reactivate', model })}>
                          {t.actions.reactivate}
                        </button>
                      )}
                      <button type="button" className={styles.danger} aria-label={t.actions.removeLabel(model.label)} onClick={() => setDialog({ kind: 'remove', model })}>
                        {t.actions.remove}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}

      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <VehicleModelDialog model={dialog.kind === 'edit' ? dialog.model : undefined} onSaved={done} onConflict={() => reload()} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'deactivate' && (
        <ConfirmDialog
          title={t.deactivateDialog.title(dialog.model.label)}
          confirmLabel={t.deactivateDialog.confirm}
          busyLabel={t.deactivateDialog.busy}
          tone="danger"
          onClose={() => setDialog(null)}
          onConfirm={() => setActive(dialog.model, false)}
        >
          <p>{t.deactivateDialog.body(dialog.model.vehicleCount)}</p>
        </ConfirmDialog>
      )}
      {dialog?.kind === 'reactivate' && (
        <ConfirmDialog
          title={t.reactivateDialog.title(dialog.model.label)}
          confirmLabel={t.reactivateDialog.confirm}
          busyLabel={t.reactivateDialog.busy}
          onClose={() => setDialog(null)}
          onConfirm={() => setActive(dialog.model, true)}
        >
          <p>{t.reactivateDialog.body}</p>
        </ConfirmDialog>
      )}
      {dialog?.kind === 'remove' && (
        <ConfirmDialog
          title={t.removeDialog.title(dialog.model.label)}
          confirmLabel={t.removeDialog.confirm}
          busyLabel={t.removeDialog.busy}
          tone="danger"
          onClose={() => setDialog(null)}
          onConfirm={() => remove(dialog.model)}
        >
          <p>{t.removeDialog.body}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

/** "Dòng xe" (/admin/vehicle-models): the vehicle models as reference data, kept by the admin. */
export function VehicleModelsPage() {
  return (
    <AreaPage area="admin" path="/admin/vehicle-models">
      <VehicleModelsAdmin />
    </AreaPage>
  );
}

export default VehicleModelsPage;
