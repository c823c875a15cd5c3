import { useState, type ReactNode } from 'react';
import { formatDate, formatVnd } from 'shared-contracts';
import type { MaintenanceRecord, MaintenanceRecordDetail } from 'shared-contracts/schemas';
import { failureMessage } from '../../api/apiErrors';
import { InspectionAdvice } from '../../inspection/InspectionAdvice';
import { vi } from '../../i18n/vi';
import { LoadFailure } from '../../service/LoadFailure';
import { serviceApi } from '../../service/serviceApi';
import { maintenanceText as t } from './maintenanceText';
import { RecordEInvoices } from './RecordEInvoices';
import styles from './MaintenanceHistoryPage.module.css';

type Detail = { status: 'closed' } | { status: 'loading' } | { status: 'open'; record: MaintenanceRecordDetail } | { status: 'error'; message: string };

const RESULT_STYLES = { PASS: styles.pass, FAIL: styles.fail, NA: styles.na } as const;

/**
 * One maintenance: date, centre, odometer, services, parts, cost, technician, checklist summary; on demand, the
 * advice for next time from the technician's findings and the checklist, with the photos of the items found FAIL
 * as thumbnails (each opens the full picture); and, for a visit (a record with its appointment), its e-invoices on
 * demand. `children` go under the details (the visit's rating).
 */
export function MaintenanceRecordCard({ record, showVehicle, children }: { record: MaintenanceRecord; showVehicle: boolean; children?: ReactNode }) {
  const [detail, setDetail] = useState<Detail>({ status: 'closed' });
  const date = formatDate(record.servicedAt);
  const headingId = `record-${record.id}`;
  const panelId = `record-${record.id}-checklist`;
  const open = detail.status !== 'closed';
  const { pass, fail, na } = record.checklistSummary;

  const load = async () => {
    setDetail({ status: 'loading' });
    try {
      setDetail({ status: 'open', record: await serviceApi.maintenanceRecord(record.id) });
    } catch (error) {
      setDetail({ status: 'error', message: failureMessage(error, vi.requestFailed) });
    }
  };

  return (
    <article className={styles.record} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.recordTitle}>
        {t.recordTitle(date, record.centre.name)}
      </h2>
      <dl className={styles.details}>
        {showVehicle && (
          <>
            <dt>{t.fields.vehicle}</dt>
            <dd>
              {record.vehicle.licensePlate} · {record.vehicle.brand} {record.vehicle.model}
            </dd>
          </>
        )}
        <dt>{t.fields.odometer}</dt>
        <dd>{t.km(record.odometerKm)}</dd>
        <dt>{t.fields.services}</dt>
        <dd>{record.services.join(', ')}</dd>
        <dt>{t.fields.parts}</dt>
        <dd>
          {record.parts.length === 0 ? (
            t.noParts
          ) : (
            <ul>
              {record.parts.map((part, index) => (
                <li key={`${part.name}-${index}`}>{t.part(part.name, part.quantity, formatVnd(part.unitPrice))}</li>
              ))}
            </ul>
          )}
        </dd>
        <dt>{t.fields.cost}</dt>
        <dd className={styles.cost}>{formatVnd(record.cost)}</dd>
        <dt>{t.fields.technician}</dt>
        <dd>{record.technicianName ?? t.noTechnician}</dd>
        <dt>{t.fields.checklist}</dt>
        <dd>{t.checklistSummary(pass, fail, na)}</dd>
        {record.notes && (
          <>
            <dt>{t.fields.notes}</dt>
            <dd>{record.notes}</dd>
          </>
        )}
      </dl>
      {children}
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => (open ? setDetail({ status: 'closed' }) : void load())}
      >
        {open ? t.hideDetail : t.showDetail}
      </button>
      <div id={panelId} role="region" aria-label={t.detailLabel(date)} hidden={!open}>
        {detail.status === 'loading' && (
          <p role="status" className={styles.muted}>
            {t.detailLoading}
          </p>
        )}
        {detail.status === 'error' && <LoadFailure message={detail.message} onRetry={() => void load()} />}
        {detail.status === 'open' && detail.record.advice && (
          <InspectionAdvice advice={detail.record.advice} headingId={`${panelId}-advice`} showEmpty={detail.record.checklist.length > 0} level="h3" />
        )}
        {detail.status === 'open' &&
          (detail.record.checklist.length === 0 ? (
            <p className={styles.muted}>{t.noChecklist}</p>
          ) : (
            <table className={styles.checklist}>
              <caption>{t.checklistHeading}</caption>
              <thead>
                <tr>
                  <th scope="col">{t.columns.item}</th>
                  <th scope="col">{t.columns.result}</th>
                  <th scope="col">{t.columns.note}</th>
                </tr>
              </thead>
              <tbody>
                {detail.record.checklist.map((item, index) => (
                  <tr key={`${item.label}-${index}`}>
                    <td>{item.label}</td>
                    <td className={RESULT_STYLES[item.result]}>{t.results[item.result]}</td>
                    <td>
                      {item.note ?? ''}
                      {item.photos && item.photos.length > 0 && (
                        <ul className={styles.photos} aria-label={t.photosLabel(item.label)}>
                          {item.photos.map((url, photoIndex) => (
                            <li key={url}>
                              <a href={url} target="_blank" rel="noopener noreferrer">
                                <img src={url} alt={t.photoAlt(photoIndex + 1, item.label)} width={72} height={72} loading="lazy" className={styles.photo} />
                              </a>
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ))}
      </div>
      {typeof record.appointmentId === 'number' && <RecordEInvoices recordId={record.id} appointmentId={record.appointmentId} />}
    </article>
  );
}
