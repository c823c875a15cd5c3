import { useId, useState, type FormEvent } from 'react';
import type { ServiceCentre, StaffMember } from 'shared-contracts/schemas';
import { ModalDialog } from '../components/ModalDialog';
import { staffText } from './staffText';
import styles from '../components/AdminLists.module.css';

const t = staffText.moveDialog;

interface Props {
  member: StaffMember;
  centres: ServiceCentre[];
  onSubmit: (centre: ServiceCentre) => Promise<void>;
  onClose: () => void;
}

/** 'Điều chuyển': the other centre to move the member to (old assignment ended, new one started, one transaction). */
export function MoveDialog({ member, centres, onSubmit, onClose }: Props) {
  const selectId = useId();
  const noteId = useId();
  const others = centres.filter((centre) => centre.id !== member.assignment.centreId);
  const [centreId, setCentreId] = useState(others[0]?.id ?? 0);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const centre = others.find((candidate) => candidate.id === centreId);
    if (!centre) return;
    setBusy(true);
    try {
      await onSubmit(centre);
    } finally {
      setBusy(false);
    }
  };
  return (
    <ModalDialog title={t.title(member.fullName)} onClose={onClose}>
      <form className={styles.form} onSubmit={(event) => void submit(event)}>
        <div className={styles.field}>
          <label htmlFor={selectId}>{t.label}</label>
          <select id={selectId} className={styles.select} value={centreId} onChange={(event) => setCentreId(Number(event.target.value))} aria-describedby={noteId}>
            {others.map((centre) => (
              <option key={centre.id} value={centre.id}>
                {centre.name}
              </option>
            ))}
          </select>
        </div>
        <p id={noteId} className={styles.hint}>
          {t.note}
        </p>
        <div className={styles.buttons}>
          <button type="submit" className={styles.action} disabled={busy || others.length === 0}>
            {busy ? t.busy : t.submit}
          </button>
          <button type="button" className={styles.secondary} onClick={onClose}>
            {t.cancel}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
