import { useId, useState, type FormEvent } from 'react';
import type { AdminUser, AssignableRole } from 'shared-contracts/schemas';
import { ModalDialog } from '../components/ModalDialog';
import { usersText } from './usersText';
import styles from '../components/AdminLists.module.css';

const t = usersText.roleDialog;

interface Props {
  user: AdminUser;
  onSubmit: (role: AssignableRole) => Promise<void>;
  onClose: () => void;
}

/** 'Đổi vai trò': the new role, then the page asks the server (409 LAST_ADMIN / HAS_ACTIVE_WORK explained there). */
export function ChangeRoleDialog({ user, onSubmit, onClose }: Props) {
  const selectId = useId();
  const noteId = useId();
  const [role, setRole] = useState<AssignableRole>(user.role === 'customer' ? 'staff' : user.role);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await onSubmit(role);
    } finally {
      setBusy(false);
    }
  };
  return (
    <ModalDialog title={t.title(user.fullName)} onClose={onClose}>
      <form className={styles.form} onSubmit={(event) => void submit(event)}>
        <div className={styles.field}>
          <label htmlFor={selectId}>{t.label}</label>
          <select id={selectId} className={styles.select} value={role} onChange={(event) => setRole(event.target.value as AssignableRole)} aria-describedby={noteId}>
            {usersText.assignableRoles.map((value) => (
              <option key={value} value={value}>
                {usersText.roles[value]}
              </option>
            ))}
          </select>
        </div>
        <p id={noteId} className={styles.hint}>
          {t.note}
        </p>
        <div className={styles.buttons}>
          <button type="submit" className={styles.action} disabled={busy || role === user.role}>
            {busy ? t.busy : t.submit}
          </button>
          <button type="button" className={styles.secondary} onClick={onClose}>
            {usersText.createDialog.cancel}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
