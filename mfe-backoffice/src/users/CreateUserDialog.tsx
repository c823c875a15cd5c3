import { useId, useState, type FormEvent } from 'react';
import type { AdminUser, ServiceCentre, StaffRole } from 'shared-contracts/schemas';
import { ModalDialog } from '../components/ModalDialog';
import { fieldErrorsOf, messageOf } from '../api/apiErrors';
import { usersApi } from './usersApi';
import { usersText } from './usersText';
import styles from '../components/AdminLists.module.css';

const t = usersText.createDialog;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface Props {
  centres: ServiceCentre[];
  onCreated: (user: AdminUser | null, message: string) => void;
  onClose: () => void;
}

/** 'Tạo tài khoản nhân sự': name, email, phone, role and centre; the server sends the invite email. */
export function CreateUserDialog({ centres, onCreated, onClose }: Props) {
  const ids = { name: useId(), email: useId(), phone: useId(), role: useId(), centre: useId(), error: useId() };
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [role, setRole] = useState<StaffRole>('staff');
  const [centreId, setCentreId] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (fullName.trim().length < 2) found.fullName = t.fullNameRequired;
    if (!EMAIL.test(email.trim())) found.email = t.emailInvalid;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setFailure(null);
    try {
      const outcome = await usersApi.create({ fullName: fullName.trim(), email: email.trim(), phone: phone.trim() || null, role, centreId: centreId ? Number(centreId) : null });
      onCreated(outcome.data, t.done(fullName.trim(), email.trim().toLowerCase()));
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      setFailure(messageOf(error, t.failed));
    } finally {
      setBusy(false);
    }
  };

  const described = (field: string) => (errors[field] ? `${ids.error}-${field}` : undefined);
  const fieldError = (field: string) =>
    errors[field] ? (
      <p id={`${ids.error}-${field}`} className={styles.fieldError}>
        {errors[field]}
      </p>
    ) : null;

  return (
    <ModalDialog title={t.title} description={t.description} onClose={onClose}>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        {failure && (
          <p role="alert" className={styles.alert}>
            {failure}
          </p>
        )}
        <div className={styles.field}>
          <label htmlFor={ids.name}>{t.fullName}</label>
          <input id={ids.name} className={styles.input} value={fullName} onChange={(event) => setFullName(event.target.value)} autoComplete="off" required aria-invalid={Boolean(errors.fullName)} aria-describedby={described('fullName')} />
          {fieldError('fullName')}
        </div>
        <div className={styles.field}>
          <label htmlFor={ids.email}>{t.email}</label>
          <input id={ids.email} className={styles.input} type="email" inputMode="email" value={email} onChange={(event) => setEmail(event.target.value)} autoComplete="off" required aria-invalid={Boolean(errors.email)} aria-describedby={described('email')} />
          {fieldError('email')}
        </div>
        <div className={styles.field}>
          <label htmlFor={ids.phone}>{t.phone}</label>
          <input id={ids.phone} className={styles.input} type="tel" inputMode="tel" value={phone} onChange={(event) => setPhone(event.target.value)} autoComplete="off" aria-invalid={Boolean(errors.phone)} aria-describedby={described('phone')} />
          {fieldError('phone')}
        </div>
        <div className={styles.field}>
          <label htmlFor={ids.role}>{t.role}</label>
          <select id={ids.role} className={styles.select} value={role} onChange={(event) => setRole(event.target.value as StaffRole)}>
            {usersText.staffRoles.map((value) => (
              <option key={value} value={value}>
                {usersText.roles[value]}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={ids.centre}>{t.centre}</label>
          <select id={ids.centre} className={styles.select} value={centreId} onChange={(event) => setCentreId(event.target.value)} aria-invalid={Boolean(errors.centreId)} aria-describedby={described('centreId')}>
            <option value="">{t.noCentre}</option>
            {centres.map((centre) => (
              <option key={centre.id} value={centre.id}>
                {centre.name}
              </option>
            ))}
          </select>
          {fieldError('centreId')}
        </div>
        <div className={styles.buttons}>
          <button type="submit" className={styles.action} disabled={busy}>
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
