import { useState, type FormEvent } from 'react';
import { SERVICE_KIND_LABELS, SERVICE_TIER_LABELS, VAT_RATES } from 'shared-contracts/backoffice';
import type { ServiceAdmin } from 'shared-contracts/schemas';
import { ChangeHistory } from './ChangeHistory';
import { ChecklistTemplateEditor } from './ChecklistTemplateEditor';
import { formatVnd } from './catalogueAdminText';
import { CurrentValues, EditorLoadError, EditorMessages, FormField, Options, useEditorForm } from './editorForm';
import { EMPTY_SERVICE, serviceAdminApi, serviceFormValuesOf, type ServiceFormValues } from './serviceAdminApi';
import { serviceText as t } from './serviceAdminText';
import { EditorButtons, historyCells, numberOrEmpty, VehicleTypesField } from './serviceFormParts';
import styles from './CatalogueAdmin.module.css';

interface Props {
  /** null: a new service. */
  serviceId: number | null;
  readOnly: boolean;
  onSaved: (service: ServiceAdmin) => void;
  onClose: () => void;
}

const cells = historyCells();
const fieldLabel = (field: string) => (t.fields as Record<string, string>)[field] ?? field;

/**
 * One service's form with its checklist template. A save carries its version: when another admin saved first (409)
 * the current values are shown and what the user typed stays in the form.
 */
export function ServiceEditor({ serviceId, readOnly, onSaved, onClose }: Props) {
  const [historyKey, setHistoryKey] = useState(0);
  const bumpHistory = () => setHistoryKey((key) => key + 1);
  const form = useEditorForm({ itemId: serviceId, empty: EMPTY_SERVICE, load: serviceAdminApi.service, valuesOf: serviceFormValuesOf, text: t, fieldPrefix: 'service-', onStale: bumpHistory });
  const { id, item: service, values, set, message, done, current, busy } = form;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(
      () => serviceAdminApi.create(values),
      (savedId, version) => serviceAdminApi.save(savedId, version, values),
      (saved) => {
        bumpHistory();
        onSaved(saved);
      },
    );
  };

  if (form.loadError) return <EditorLoadError message={form.loadError} />;
  if (serviceId !== null && !service) return <section className={styles.panel} aria-busy="true" />;

  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{serviceId === null ? t.newTitle : t.editTitle(service?.name ?? '')}</h2>
      <EditorMessages message={message} done={done} />
      {current && (
        <CurrentValues
          label={t.currentValues}
          useLabel={t.useCurrent}
          onUse={form.takeCurrent}
          rows={[
            [t.fields.name, current.name],
            [t.fields.price, formatVnd(current.price)],
            [t.fields.durationMinutes, t.minutes(current.durationMinutes)],
            [t.fields.checklist, current.checklist.map((item) => item.label).join('; ')],
            [t.columns.status, current.isActive ? t.statuses.active : t.statuses.archived],
          ]}
        />
      )}
      <form onSubmit={onSubmit} noValidate>
        <fieldset disabled={readOnly || busy} className={styles.fields}>
          <FormField form={form} name="name" label={t.fields.name} wide>
            {(control) => <input {...control} className={styles.input} value={values.name} onChange={(event) => set('name', event.target.value)} />}
          </FormField>
          <FormField form={form} name="kind" label={t.fields.kind}>
            {(control) => (
              <select {...control} className={styles.select} value={values.kind} onChange={(event) => set('kind', event.target.value as ServiceFormValues['kind'])}>
                <Options entries={Object.entries(SERVICE_KIND_LABELS)} />
              </select>
            )}
          </FormField>
          <FormField form={form} name="tier" label={t.fields.tier}>
            {(control) => (
              <select {...control} className={styles.select} value={values.tier ?? ''} onChange={(event) => set('tier', (event.target.value || null) as ServiceFormValues['tier'])}>
                <Options entries={[['', t.noTier], ...Object.entries(SERVICE_TIER_LABELS)]} />
              </select>
            )}
          </FormField>
          <FormField form={form} name="price" label={t.fields.price} hint={typeof values.price === 'number' && values.price > 0 && formatVnd(values.price)}>
            {(control) => <input {...control} className={styles.input} inputMode="numeric" value={values.price} onChange={(event) => set('price', numberOrEmpty(event.target.value))} />}
          </FormField>
          <FormField form={form} name="durationMinutes" label={t.fields.durationMinutes}>
            {(control) => <input {...control} className={styles.input} inputMode="numeric" value={values.durationMinutes} onChange={(event) => set('durationMinutes', numberOrEmpty(event.target.value))} />}
          </FormField>
          <FormField form={form} name="vatRate" label={t.fields.vatRate}>
            {(control) => (
              <select {...control} className={styles.select} value={values.vatRate} onChange={(event) => set('vatRate', Number(event.target.value))}>
                <Options entries={VAT_RATES.map((rate) => [rate, `${rate} %`])} />
              </select>
            )}
          </FormField>
          <FormField form={form} name="sortOrder" label={t.fields.sortOrder}>
            {(control) => <input {...control} className={styles.input} inputMode="numeric" value={values.sortOrder} onChange={(event) => set('sortOrder', Number(event.target.value) || 0)} />}
          </FormField>
          <VehicleTypesField form={form} legend={t.fields.vehicleTypes} value={values.vehicleTypes} onChange={(next) => set('vehicleTypes', next)} />
          <FormField form={form} name="summary" label={t.fields.summary} wide>
            {(control) => <textarea {...control} className={styles.textarea} rows={2} value={values.summary} onChange={(event) => set('summary', event.target.value)} />}
          </FormField>
          <FormField form={form} name="description" label={t.fields.description} wide>
            {(control) => <textarea {...control} className={styles.textarea} rows={4} value={values.description} onChange={(event) => set('description', event.target.value)} />}
          </FormField>
          <ChecklistTemplateEditor form={form} items={values.checklist} onChange={(next) => set('checklist', next)} />
        </fieldset>
        <EditorButtons readOnly={readOnly} busy={busy} onClose={onClose} />
      </form>
      {serviceId !== null && <ChangeHistory itemId={serviceId} load={serviceAdminApi.history} reloadKey={historyKey} fieldLabel={fieldLabel} cells={cells} />}
    </section>
  );
}
