import { useState } from 'react';
import { EInvoiceSection } from '../../eInvoices';
import { maintenanceText as t } from './maintenanceText';
import styles from './MaintenanceHistoryPage.module.css';

/**
 * "Xem hóa đơn điện tử" of one visit in the history: the visit's e-invoices (issue 64: series, number, MCCQT, lookup
 * code, PDF) read only when the customer opens it, so a long history asks for none on arrival; closing it stops the
 * section (and its wait for an invoice on its way), opening it again reads them afresh.
 */
export function RecordEInvoices({ recordId, appointmentId }: { recordId: number; appointmentId: number }) {
  const [open, setOpen] = useState(false);
  const panelId = `record-${recordId}-e-invoices`;
  return (
    <>
      <button type="button" className={styles.toggle} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        {open ? t.hideEInvoices : t.showEInvoices}
      </button>
      <div id={panelId} hidden={!open}>
        {open && <EInvoiceSection sale={{ kind: 'visit', appointmentId }} headingLevel={3} />}
      </div>
    </>
  );
}
