import { useState, type FormEvent } from 'react';
import { PACKAGE_LIMITS, PACKAGE_TIER_LABELS } from 'shared-contracts/backoffice';
import type { PackageAdmin, ServiceAdminListItem } from 'shared-contracts/schemas';
import { ChangeHistory } from './ChangeHistory';
import { formatVnd } from './catalogueAdminText';
import { CurrentValues, EditorButtons, EditorPanel, numberOrEmpty, NumberField, OptionalNumberField, Options, SelectField, SortOrderField, TextAreaField, TextField, useEditorForm } from './editorForm';
import { EMPTY_PACKAGE, packageFormValuesOf, serviceAdminApi, type PackageFormValues } from './serviceAdminApi';
import { packageText as t, serviceText } from './serviceAdminText';
import { historyCells, VehicleTypesField } from './serviceFormParts';
import styles from './CatalogueAdmin.module.css';
import rows from './ServiceAdmin.module.css';

interface Props {
  /** null: a new package. */
  packageId: number | null;
  /** The services a credit may name (active ones, and those the package already credits). */
  services: readonly ServiceAdminListItem[];
  readOnly: boolean;
  onSaved: (item: PackageAdmin) => void;
  onClose: () => void;
}

const fieldLabel = (field: string) => (t.fields as Record<string, string>)[field] ?? field;

/**
 * One package's form: its credits per service (a service and a number of uses each), price, validity and perks.
 * A stale save (409) shows the current values and keeps what the user typed.
 */
export function PackageEditor({ packageId, services, readOnly, onSaved, onClose }: Props) {
  const [historyKey, setHistoryKey] = useState(0);
  const bumpHistory = () => setHistoryKey((key) => key + 1);
  const form = useEditorForm({ itemId: packageId, empty: EMPTY_PACKAGE, load: serviceAdminApi.package, valuesOf: packageFormValuesOf, text: t, fieldPrefix: 'package-', onStale: bumpHistory });
  const { item, values, set, current, busy, fieldId, errorOf, described } = form;
  const serviceName = (serviceId: number) =>
    services.find((service) => service.id === serviceId)?.name ?? item?.credits.find((credit) => credit.serviceId === serviceId)?.serviceName ?? `#${serviceId}`;
  const serviceEntries: [number, string][] = [
    ...services.map((service): [number, string] => [service.id, service.name]),
    ...(item?.credits ?? []).filter((credit) => !services.some((service) => service.id === credit.serviceId)).map((credit): [number, string] => [credit.serviceId, credit.serviceName]),
  ];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(
      () => serviceAdminApi.createPackage(values),
      (savedId, version) => serviceAdminApi.savePackage(savedId, version, values),
      (saved) => {
        bumpHistory();
        onSaved(saved);
      },
    );
  };
  const setCredit = (index: number, change: Partial<PackageFormValues['credits'][number]>) =>
    set(
      'credits',
      values.credits.map((credit, at) => (at === index ? { ...credit, ...change } : credit)),
    );
  const setPerk = (index: number, text: string) =>
    set(
      'perks',
      values.perks.map((perk, at) => (at === index ? text : perk)),
    );

  return (
    <EditorPanel
      form={form}
      loading={packageId !== null && !item}
      title={packageId === null ? t.newTitle : (item?.name ?? '')}
      readOnly={readOnly}
      onSubmit={onSubmit}
      current={
        current && (
          <CurrentValues
            label={serviceText.currentValues}
            useLabel={serviceText.useCurrent}
            onUse={form.takeCurrent}
            rows={[
              [t.fields.name, current.name],
              [t.fields.price, formatVnd(current.price)],
              [t.fields.validityMonths, t.months(current.validityMonths)],
              [t.fields.credits, current.credits.map((credit) => `${credit.serviceName} × ${credit.quantity}`).join('; ')],
              [t.columns.status, current.isActive ? t.statuses.active : t.statuses.archived],
            ]}
          />
        )
      }
      buttons={<EditorButtons readOnly={readOnly} busy={busy} saveText={serviceText.save} closeText={serviceText.close} onClose={onClose} />}
      after={packageId !== null && <ChangeHistory itemId={packageId} load={serviceAdminApi.packageHistory} reloadKey={historyKey} fieldLabel={fieldLabel} cells={historyCells(serviceName)} />}
    >
      <TextField form={form} name="name" label={t.fields.name} wide value={values.name} onChange={(value) => set('name', value)} />
      <SelectField form={form} name="tier" label={t.fields.tier} value={values.tier} entries={Object.entries(PACKAGE_TIER_LABELS)} onChange={(value) => set('tier', value)} />
      <NumberField form={form} name="price" label={t.fields.price} hint={typeof values.price === 'number' && values.price > 0 && formatVnd(values.price)} value={values.price} onChange={(value) => set('price', value)} />
      <OptionalNumberField form={form} name="originalPrice" label={t.fields.originalPrice} value={values.originalPrice} onChange={(value) => set('originalPrice', value)} />
      <NumberField form={form} name="validityMonths" label={t.fields.validityMonths} value={values.validityMonths} onChange={(value) => set('validityMonths', value)} />
      <SortOrderField form={form} label={t.fields.sortOrder} value={values.sortOrder} onChange={(value) => set('sortOrder', value)} />
      <div className={styles.field}>
        <label>
          <input type="checkbox" checked={values.highlighted} onChange={(event) => set('highlighted', event.target.checked)} /> {t.fields.highlighted}
        </label>
      </div>
      <VehicleTypesField form={form} legend={t.fields.vehicleTypes} value={values.vehicleTypes} onChange={(next) => set('vehicleTypes', next)} />
      <TextAreaField form={form} name="description" label={t.fields.description} rows={3} value={values.description} onChange={(value) => set('description', value)} />
      <fieldset className={styles.wide}>
        <legend>{t.credits.legend}</legend>
        {errorOf('credits')}
        <ol className={rows.rows}>
          {values.credits.map((credit, index) => (
            <li key={index} className={rows.row}>
              <label htmlFor={fieldId(`credits.${index}.serviceId`)} className={styles.visuallyHidden}>
                {t.credits.service(index + 1)}
              </label>
              <select
                id={fieldId(`credits.${index}.serviceId`)}
                className={styles.select}
                value={credit.serviceId}
                onChange={(event) => setCredit(index, { serviceId: event.target.value ? Number(event.target.value) : '' })}
                {...described(`credits.${index}.serviceId`)}
              >
                <Options entries={[['', t.credits.choose], ...serviceEntries]} />
              </select>
              <label htmlFor={fieldId(`credits.${index}.quantity`)} className={styles.visuallyHidden}>
                {t.credits.quantity(index + 1)}
              </label>
              <input
                id={fieldId(`credits.${index}.quantity`)}
                className={styles.input}
                inputMode="numeric"
                value={credit.quantity}
                onChange={(event) => setCredit(index, { quantity: numberOrEmpty(event.target.value) })}
                {...described(`credits.${index}.quantity`)}
              />
              <button
                type="button"
                className={styles.secondary}
                aria-label={t.credits.remove(index + 1)}
                onClick={() =>
                  set(
                    'credits',
                    values.credits.filter((_, at) => at !== index),
                  )
                }
              >
                {t.credits.removeText}
              </button>
              {errorOf(`credits.${index}.serviceId`)}
              {errorOf(`credits.${index}.quantity`)}
            </li>
          ))}
        </ol>
        <button type="button" className={styles.secondary} disabled={values.credits.length >= PACKAGE_LIMITS.creditsMax} onClick={() => set('credits', [...values.credits, { serviceId: '', quantity: 1 }])}>
          {t.credits.add}
        </button>
      </fieldset>
      <fieldset className={styles.wide}>
        <legend>{t.perks.legend}</legend>
        {errorOf('perks')}
        <ol className={rows.rows}>
          {values.perks.map((perk, index) => (
            <li key={index} className={rows.row}>
              <label htmlFor={fieldId(`perks.${index}`)}>{t.perks.perk(index + 1)}</label>
              <input id={fieldId(`perks.${index}`)} className={styles.input} value={perk} onChange={(event) => setPerk(index, event.target.value)} {...described(`perks.${index}`)} />
              <button
                type="button"
                className={styles.secondary}
                aria-label={t.perks.remove(index + 1)}
                onClick={() =>
                  set(
                    'perks',
                    values.perks.filter((_, at) => at !== index),
                  )
                }
              >
                {t.credits.removeText}
              </button>
              {errorOf(`perks.${index}`)}
            </li>
          ))}
        </ol>
        <button type="button" className={styles.secondary} disabled={values.perks.length >= PACKAGE_LIMITS.perksMax} onClick={() => set('perks', [...values.perks, ''])}>
          {t.perks.add}
        </button>
      </fieldset>
    </EditorPanel>
  );
}
