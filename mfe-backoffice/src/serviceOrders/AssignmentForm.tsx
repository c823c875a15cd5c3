import { useId, useState, type FormEvent } from 'react';
import type { CentreTechnician, ServiceOrderDetail } from 'shared-contracts/schemas';
import { serviceOrdersText } from './serviceOrdersText';
import styles from './ServiceOrders.module.css';

const t = serviceOrdersText.drawer;

interface Props {
  order: ServiceOrderDetail;
  technicians: CentreTechnician[];
  serviceBays: number | null;
  /** Sends {version, technicianId, bayNo}; resolves true when saved. */
  onSave: (technicianId: number | null, bayNo: number | null) => Promise<boolean>;
  onUnchanged: () => void;
}

/**
 * Technician and bay of an order. Mounted per version of the order (key), so a reload after someone else's
 * change shows their values rather than stale ones.
 */
export function AssignmentForm({ order, technicians, serviceBays, onSave, onUnchanged }: Props) {
  const ids = { technician: useId(), bay: useId() };
  const [technicianId, setTechnicianId] = useState(order.technician ? String(order.technician.id) : '');
  const [bayNo, setBayNo] = useState(order.bayNo !== null ? String(order.bayNo) : '');
  const [busy, setBusy] = useState(false);

  const people = order.technician && !technicians.some((person) => person.id === order.technician?.id)
    ? [{ id: order.technician.id, fullName: order.technician.fullName, busy: false, clockRunning: false }, ...technicians]
    : technicians;
  const bayCount = Math.max(serviceBays ?? 0, order.bayNo ?? 0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const nextTechnician = technicianId ? Number(technicianId) : null;
    const nextBay = bayNo ? Number(bayNo) : null;
    if (nextTechnician === (order.technician?.id ?? null) && nextBay === order.bayNo) {
      onUnchanged();
      return;
    }
    setBusy(true);
    await onSave(nextTechnician, nextBay);
    setBusy(false);
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} aria-label={t.assignment}>
      <div className={styles.row}>
        <div className={styles.field}>
          <label htmlFor={ids.technician}>{t.technician}</label>
          <select id={ids.technician} className={styles.select} value={technicianId} onChange={(event) => setTechnicianId(event.target.value)}>
            <option value="">{t.noTechnician}</option>
            {people.map((person) => (
              <option key={person.id} value={String(person.id)}>
                {person.busy && person.id !== order.technician?.id ? t.technicianBusy(person.fullName) : person.fullName}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={ids.bay}>{t.bay}</label>
          <select id={ids.bay} className={styles.select} value={bayNo} onChange={(event) => setBayNo(event.target.value)}>
            <option value="">{t.noBay}</option>
            {Array.from({ length: bayCount }, (_, index) => index + 1).map((n) => (
              <option key={n} value={String(n)}>
                {t.bayOption(n)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <button type="submit" className={styles.action} disabled={busy}>
            {busy ? t.savingAssignment : t.saveAssignment}
          </button>
        </div>
      </div>
    </form>
  );
}
