import { useState, type FormEvent } from 'react';
import { PACKAGE_LIMITS, PACKAGE_TIER_LABELS } from 'shared-contracts/backoffice';
import type { PackageAdmin, ServiceAdminListItem } from 'shared-contracts/schemas';
import { ChangeHistory } from './ChangeHistory';
import { formatVnd } from './catalogueAdminText';
import { CurrentValues, EditorLoadError, EditorMessages, FormField, Options, useEditorForm } from './editorForm';
import { EMPTY_PACKAGE, packageFormValuesOf, serviceAdminApi, type PackageFormValues } from './serviceAdminApi';
import { packageText as t, serviceText } from './serviceAdminText';
import { EditorButtons, historyCells, numberOrEmpty, VehicleTypesField } from './serviceFormParts';
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
  const { id, item, values, set, message, done, current, busy, fieldId, errorOf, described } = form;
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

  if (form.loadError) return <EditorLoadError message={form.loadError} />;
  if (packageId !== null && !item) return <section className={styles.panel} aria-busy="true" />;

  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{packageId === null ? t.newTitle : t.editTitle(item?.name ?? '')}</h2>
      <EditorMessages message={message} done={done} />
      {current && (
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
      )}
      <form onSubmit={onSubmit} noValidate>
        <fieldset disabled={readOnly || busy} className={styles.fields}>
          <FormField form={form} name="name" label={t.fields.name} wide>
            {(control) => <input {...control} className={styles.input} value={values.name} onChange={(event) => set('name', event.target.value)} />}
          </FormField>
          <FormField form={form} name="tier" label={t.fields.tier}>
            {(control) => (
              <select {...control} className={styles.select} value={values.tier} onChange={(event) => set('tier', event.target.value as PackageFormValues['tier'])}>
                <Options entries={Object.entries(PACKAGE_TIER_LABELS)} />
              </select>
            )}
          </FormField>
          <FormField form={form} name="price" label={t.fields.price} hint={typeof values.price === 'number' && values.price > 0 && formatVnd(values.price)}>
            {(control) => <input {...control} className={styles.input} inputMode="numeric" value={values.price} onChange={(event) => set('price', numberOrEmpty(event.target.value))} />}
          </FormField>
          <FormField form={form} name="originalPrice" label={t.fields.originalPrice}>
            {(control) => (
              <input
                {...control}
                className={styles.input}
                inputMode="numeric"
                value={values.originalPrice ?? ''}
                onChange={(event) => set('originalPrice', event.target.value.trim() === '' ? null : Number(event.target.value))}
              />
            )}
          </FormField>
          <FormField form={form} name="validityMonths" label={t.fields.validityMonths}>
            {(control) => <input {...control} className={styles.input} inputMode="numeric" value={values.validityMonths} onChange={(event) => set('validityMonths', numberOrEmpty(event.target.value))} />}
          </FormField>
          <FormField form={form} name="sortOrder" label={t.fields.sortOrder}>
            {(control) => <input {...control} className={styles.input} inputMode="numeric" value={values.sortOrder} onChange={(event) => set('sortOrder', Number(event.target.value) || 0)} />}
          </FormField>
          <div className={styles.field}>
            <label>
              <input type="checkbox" checked={values.highlighted} onChange={(event) => set('highlighted', event.target.checked)} /> {t.fields.highlighted}
            </label>
          </div>
          <VehicleTypesField form={form} legend={t.fields.vehicleTypes} value={values.vehicleTypes} onChange={(next) => set('vehicleTypes', next)} />
          <FormField form={form} name="description" label={t.fields.description} wide>
            {(control) => <textarea {...control} className={styles.textarea} rows={3} value={values.description} onChange={(event) => set('description', event.target.value)} />}
          </FormField>
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
        </fieldset>
        <EditorButtons readOnly={readOnly} busy={busy} onClose={onClose} />
      </form>
      {packageId !== null && <ChangeHistory itemId={packageId} load={serviceAdminApi.packageHistory} reloadKey={historyKey} fieldLabel={fieldLabel} cells={historyCells(serviceName)} />}
    </section>
  );
}
