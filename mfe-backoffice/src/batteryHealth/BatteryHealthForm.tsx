import { useCallback, useId, useState, type FormEvent } from 'react';
import type { BatteryReport, BatteryReportInput } from 'shared-contracts/schemas';
import { BATTERY_HEALTH_BOUNDS as B, formatBatteryNumber } from 'shared-contracts/vehicle';
import { messageOf } from '../api/apiErrors';
import { loadedOf, useAsync } from '../hooks/useAsync';
import { batteryHealthApi } from './batteryHealthApi';
import { batteryHealthText as t } from './batteryHealthText';
import common from '../components/TechnicianArea.module.css';
import styles from './BatteryHealth.module.css';

type Field = keyof typeof t.fields;
const NUMBER_FIELDS = ['sohPercent', 'capacityKwh', 'cellSpreadMv', 'internalResistanceMohm', 'temperatureC', 'odometerKm'] as const;
const REQUIRED: ReadonlySet<Field> = new Set(['sohPercent', 'odometerKm', 'tool']);
const INTEGER: ReadonlySet<Field> = new Set(['cellSpreadMv', 'odometerKm']);
const RANGE: Record<(typeof NUMBER_FIELDS)[number], { min: number; max: number; above?: boolean }> = {
  sohPercent: B.sohPercent,
  capacityKwh: { ...B.capacityKwh, above: true },
  cellSpreadMv: B.cellSpreadMv,
  internalResistanceMohm: B.internalResistanceMohm,
  temperatureC: B.temperatureC,
  odometerKm: B.odometerKm,
};

type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

/** "12,5" or "12.5" → 12.5; '' → null; anything else → NaN. */
function numberOf(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** The same rules the server applies, checked before sending (the server's 422 is shown too). */
export function checkBatteryForm(values: Values): { input: BatteryReportInput | null; errors: Errors } {
  const errors: Errors = {};
  const numbers: Partial<Record<Field, number | null>> = {};
  for (const field of NUMBER_FIELDS) {
    const value = numberOf(values[field]);
    const range = RANGE[field];
    if (value === null) {
      if (REQUIRED.has(field)) errors[field] = t.required[field as 'sohPercent' | 'odometerKm'];
    } else if (Number.isNaN(value) || value < range.min || value > range.max || (range.above && value <= range.min) || (INTEGER.has(field) && !Number.isInteger(value))) {
      errors[field] = t.ranges[field];
    }
    numbers[field] = value;
  }
  const tool = values.tool.trim();
  if (tool === '') errors.tool = t.required.tool;
  if (Object.keys(errors).length > 0) return { input: null, errors };
  return {
    input: {
      sohPercent: numbers.sohPercent!,
      capacityKwh: numbers.capacityKwh ?? null,
      cellSpreadMv: numbers.cellSpreadMv ?? null,
      internalResistanceMohm: numbers.internalResistanceMohm ?? null,
      temperatureC: numbers.temperatureC ?? null,
      odometerKm: numbers.odometerKm!,
      tool,
    },
    errors,
  };
}

function ReportLine({ report }: { report: BatteryReport }) {
  const [failure, setFailure] = useState<string | null>(null);
  const open = () => {
    setFailure(null);
    batteryHealthApi.openCertificate(report.id).catch((error: unknown) => setFailure(messageOf(error, t.certificateFailed)));
  };
  return (
    <li className={styles.report}>
      <span>
        {t.summary(formatBatteryNumber(report.sohPercent), report.flagLabel)}
        {report.spreadWarning && ` · ${t.spreadWarning}`}
      </span>
      <button type="button" className={common.secondary} onClick={open} aria-label={t.certificateFor(report.verifyCode)}>
        {t.certificate}
      </button>
      {failure && <span role="alert">{failure}</span>}
    </li>
  );
}

interface Props {
  orderId: number;
  /** The order's odometer at check-in: the form's starting value. */
  odometerKm: number;
  editable: boolean;
}

/**
 * "Đo sức khỏe pin" on a service order's checklist (issue 66 §3): the figures from the battery check (SOH, measured
 * capacity, cell spread, resistance, temperature, odometer, tool), checked here as the server checks them and saved
 * as one report; the flag ("Pin suy giảm", "Nên thay pin sớm") comes back from the server and is announced. The
 * order's reports are listed under the form, each with its certificate.
 */
export function BatteryHealthForm({ orderId, odometerKm, editable }: Props) {
  const headingId = useId();
  const idOf = (field: Field) => `${headingId}-${field}`;
  const [values, setValues] = useState<Values>({ sohPercent: '', capacityKwh: '', cellSpreadMv: '', internalResistanceMohm: '', temperatureC: '', odometerKm: String(odometerKm), tool: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'done' | 'error'; text: string } | null>(null);
  const readReports = useCallback((signal: AbortSignal) => batteryHealthApi.list(orderId, signal), [orderId]);
  const { state: loaded, reload } = useAsync(readReports, { failedText: t.loadFailed });
  const reports = loadedOf(loaded);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const checked = checkBatteryForm(values);
    setErrors(checked.errors);
    setNotice(null);
    if (!checked.input) return;
    setSaving(true);
    try {
      const report = await batteryHealthApi.record(orderId, checked.input);
      setNotice({ tone: 'done', text: t.saved(report.flagLabel) });
      setValues((current) => ({ ...current, sohPercent: '', capacityKwh: '', cellSpreadMv: '', internalResistanceMohm: '', temperatureC: '' }));
      reload('keep');
    } catch (error) {
      setNotice({ tone: 'error', text: messageOf(error, t.saveFailed) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className={common.panel} aria-labelledby={headingId}>
      <h3 id={headingId}>{t.heading}</h3>
      {editable && (
        <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
          <p className={common.muted}>{t.intro}</p>
          <div className={styles.grid}>
            {(Object.keys(t.fields) as Field[]).map((field) => (
              <div key={field} className={styles.field}>
                <label htmlFor={idOf(field)}>
                  {t.fields[field]}
                  {!REQUIRED.has(field) && <span className={common.muted}> {t.optional}</span>}
                </label>
                <input
                  id={idOf(field)}
                  type="text"
                  inputMode={field === 'tool' || field === 'temperatureC' ? 'text' : INTEGER.has(field) ? 'numeric' : 'decimal'}
                  maxLength={field === 'tool' ? B.toolMax : 12}
                  value={values[field]}
                  aria-required={REQUIRED.has(field)}
                  aria-invalid={errors[field] !== undefined}
                  aria-describedby={errors[field] ? `${idOf(field)}-error` : undefined}
                  onChange={(event) => setValues((current) => ({ ...current, [field]: event.target.value }))}
                />
                {errors[field] && (
                  <p id={`${idOf(field)}-error`} className={common.error}>
                    {errors[field]}
                  </p>
                )}
              </div>
            ))}
          </div>
          <div className={common.actions}>
            <button type="submit" className={common.primary} disabled={saving}>
              {saving ? t.saving : t.save}
            </button>
          </div>
        </form>
      )}
      <p role={notice?.tone === 'error' ? 'alert' : 'status'} aria-live="polite" className={notice?.tone === 'error' ? common.error : common.done}>
        {notice?.text ?? ''}
      </p>
      <h4>{t.recorded}</h4>
      {reports.status === 'loading' ? null : reports.status === 'failed' ? (
        <p className={common.muted}>{reports.message}</p>
      ) : reports.data.length === 0 ? (
        <p className={common.muted}>{t.none}</p>
      ) : (
        <ul className={styles.reports}>
          {reports.data.map((report) => (
            <ReportLine key={report.id} report={report} />
          ))}
        </ul>
      )}
    </section>
  );
}
