import { useState, type ReactNode } from 'react';
import { PACKAGE_TIER_LABELS, SERVICE_KIND_LABELS, SERVICE_TIER_LABELS, summariseChecklistChange, VEHICLE_TYPE_LABELS } from 'shared-contracts/backoffice';
import type { CatalogueChange } from 'shared-contracts/schemas';
import { messageOf } from '../api/apiErrors';
import { formatVnd } from './catalogueAdminText';
import { ItemLink } from './catalogueList';
import type { CatalogueKind } from './catalogueLinks';
import type { EditorForm } from './editorForm';
import type { VehicleTypeValue } from './serviceAdminApi';
import { serviceText } from './serviceAdminText';
import styles from './CatalogueAdmin.module.css';

/** The vehicle types a service or package is for: one checkbox each, the server's error below. */
export function VehicleTypesField({ form, legend, value, onChange }: { form: EditorForm; legend: string; value: readonly VehicleTypeValue[]; onChange: (next: VehicleTypeValue[]) => void }) {
  return (
    <fieldset className={styles.wide}>
      <legend>{legend}</legend>
      {(Object.entries(VEHICLE_TYPE_LABELS) as [VehicleTypeValue, string][]).map(([type, label]) => (
        <label key={type}>
          <input type="checkbox" checked={value.includes(type)} onChange={(event) => onChange(event.target.checked ? [...value.filter((entry) => entry !== type), type] : value.filter((entry) => entry !== type))} /> {label}
        </label>
      ))}
      {form.errorOf('vehicleTypes')}
    </fieldset>
  );
}

const MONEY_FIELDS = new Set(['price', 'originalPrice']);

/** A recorded value of a service or package as the admin reads it. */
function shown(field: string, value: unknown, serviceName: (id: number) => string): ReactNode {
  if (value === null || value === undefined || value === '') return '—';
  if (MONEY_FIELDS.has(field) && typeof value === 'number') return formatVnd(value);
  if (typeof value === 'boolean') return value ? serviceText.yes : serviceText.no;
  if (field === 'kind') return SERVICE_KIND_LABELS[value as keyof typeof SERVICE_KIND_LABELS] ?? String(value);
  if (field === 'tier') return SERVICE_TIER_LABELS[value as keyof typeof SERVICE_TIER_LABELS] ?? PACKAGE_TIER_LABELS[String(value)] ?? String(value);
  if (field === 'vatRate') return `${String(value)} %`;
  if (field === 'vehicleTypes' && Array.isArray(value)) return value.map((type: string) => VEHICLE_TYPE_LABELS[type as VehicleTypeValue] ?? type).join(', ');
  if (field === 'credits' && Array.isArray(value)) return value.map((credit: { serviceId: number; quantity: number }) => `${serviceName(credit.serviceId)} × ${credit.quantity}`).join('; ');
  if (Array.isArray(value)) return value.join('; ');
  const text = String(value);
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}

/** The before and after cells of a service's or package's change; a checklist's change is summarised in words. */
export const historyCells =
  (serviceName: (id: number) => string = String) =>
  (change: CatalogueChange): readonly [ReactNode, ReactNode] => {
    if (change.field === 'checklist') {
      const before = Array.isArray(change.before) ? `${change.before.length} hạng mục` : '—';
      return [before, summariseChecklistChange(change.before, change.after)];
    }
    return [shown(change.field, change.before, serviceName), shown(change.field, change.after, serviceName)];
  };

/** A list row's actions: the item's page (edit, or view when read-only) and archive or restore it (or the words given: pause, resume). */
export function RowActions({
  name,
  isActive,
  readOnly,
  kind,
  id,
  onToggle,
  toggleText = { off: serviceText.archive, on: serviceText.restore },
}: {
  name: string;
  isActive: boolean;
  readOnly: boolean;
  kind: CatalogueKind;
  id: number;
  onToggle: () => void;
  toggleText?: { off: string; on: string };
}) {
  const t = serviceText;
  return (
    <>
      <ItemLink kind={kind} id={id} name={name} text={readOnly ? t.view : t.edit} />{' '}
      {!readOnly && (
        <button type="button" className={styles.secondary} onClick={onToggle} aria-label={`${isActive ? toggleText.off : toggleText.on} ${name}`}>
          {isActive ? toggleText.off : toggleText.on}
        </button>
      )}
    </>
  );
}

/** Archive or restore from a list: the failure's Vietnamese message (or null), and the action that reloads the list after. */
export function useActiveToggle<Item extends { id: number; version: number; isActive: boolean }>(setActive: (id: number, version: number, isActive: boolean) => Promise<unknown>, reload: () => void, failedText: string) {
  const [error, setError] = useState<string | null>(null);
  const toggle = async (item: Item) => {
    setError(null);
    try {
      await setActive(item.id, item.version, !item.isActive);
    } catch (failure) {
      setError(messageOf(failure, failedText));
    }
    reload();
  };
  return { error, toggle };
}
