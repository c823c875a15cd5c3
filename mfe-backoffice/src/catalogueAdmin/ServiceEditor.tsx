import { useState, type FormEvent } from 'react';
import { SERVICE_KIND_LABELS, SERVICE_TIER_LABELS, VAT_RATES } from 'shared-contracts/backoffice';
import type { ServiceAdmin } from 'shared-contracts/schemas';
import { ChangeHistory } from './ChangeHistory';
import { ChecklistTemplateEditor } from './ChecklistTemplateEditor';
import { formatVnd } from './catalogueAdminText';
import { CurrentValues, EditorButtons, EditorPanel, FormField, NumberField, Options, SelectField, SortOrderField, TextAreaField, TextField, useEditorForm } from './editorForm';
import { EMPTY_SERVICE, serviceAdminApi, serviceFormValuesOf, type ServiceFormValues } from './serviceAdminApi';
import { serviceText as t } from './serviceAdminText';
import { historyCells, VehicleTypesField } from './serviceFormParts';
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
  const { item: service, values, set, current, busy } = form;

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

  return (
    <EditorPanel
      form={form}
      loading={serviceId !== null && !service}
      title={serviceId === null ? t.newTitle : (service?.name ?? '')}
      readOnly={readOnly}
      onSubmit={onSubmit}
      current={
        current && (
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
        )
      }
      buttons={<EditorButtons readOnly={readOnly} busy={busy} saveText={t.save} closeText={t.close} onClose={onClose} />}
      after={serviceId !== null && <ChangeHistory itemId={serviceId} load={serviceAdminApi.history} reloadKey={historyKey} fieldLabel={fieldLabel} cells={cells} />}
    >
      <TextField form={form} name="name" label={t.fields.name} wide value={values.name} onChange={(value) => set('name', value)} />
      <SelectField form={form} name="kind" label={t.fields.kind} value={values.kind} entries={Object.entries(SERVICE_KIND_LABELS)} onChange={(value) => set('kind', value)} />
      <SelectField
        form={form}
        name="tier"
        label={t.fields.tier}
        value={values.tier ?? ''}
        entries={[['', t.noTier], ...Object.entries(SERVICE_TIER_LABELS)]}
        onChange={(value) => set('tier', (value || null) as ServiceFormValues['tier'])}
      />
      <NumberField form={form} name="price" label={t.fields.price} hint={typeof values.price === 'number' && values.price > 0 && formatVnd(values.price)} value={values.price} onChange={(value) => set('price', value)} />
      <NumberField form={form} name="durationMinutes" label={t.fields.durationMinutes} value={values.durationMinutes} onChange={(value) => set('durationMinutes', value)} />
      <FormField form={form} name="vatRate" label={t.fields.vatRate}>
        {(control) => (
          <select {...control} className={styles.select} value={values.vatRate} onChange={(event) => set('vatRate', Number(event.target.value))}>
            <Options entries={VAT_RATES.map((rate) => [rate, `${rate} %`])} />
          </select>
        )}
      </FormField>
      <SortOrderField form={form} label={t.fields.sortOrder} value={values.sortOrder} onChange={(value) => set('sortOrder', value)} />
      <VehicleTypesField form={form} legend={t.fields.vehicleTypes} value={values.vehicleTypes} onChange={(next) => set('vehicleTypes', next)} />
      <TextAreaField form={form} name="summary" label={t.fields.summary} rows={2} value={values.summary} onChange={(value) => set('summary', value)} />
      <TextAreaField form={form} name="description" label={t.fields.description} rows={4} value={values.description} onChange={(value) => set('description', value)} />
      <ChecklistTemplateEditor form={form} items={values.checklist} onChange={(next) => set('checklist', next)} />
    </EditorPanel>
  );
}
