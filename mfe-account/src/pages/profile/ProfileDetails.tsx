import { useState } from 'react';
import { eventBus, normalizeVietnamesePhone, sessionStore, type User } from 'shared-contracts';
import { updateProfile, type ProfileUpdate } from '../../api/accountApi';
import { failureMessage, fieldErrorsOf } from '../../api/apiErrors';
import { FormNotice, GENDER_OPTIONS, SelectField, TextField } from '../../forms/Fields';
import { useForm } from '../../forms/useForm';
import { checkAddress, checkDateOfBirth, checkFullName, checkGender, checkPhone, collectErrors, formatIsoDate, isGender, todayIso } from '../../forms/validation';
import { vi } from '../../i18n/vi';
import { publishUser } from '../../store/authSlice';
import formStyles from '../../forms/Form.module.css';
import styles from './ProfilePage.module.css';

type ProfileField = 'fullName' | 'phoneNumber' | 'dateOfBirth' | 'gender' | 'address';

function validate(values: Record<ProfileField, string>) {
  return collectErrors<ProfileField>({
    fullName: checkFullName(values.fullName),
    phoneNumber: checkPhone(values.phoneNumber, false),
    dateOfBirth: checkDateOfBirth(values.dateOfBirth, false),
    gender: checkGender(values.gender, false),
    address: checkAddress(values.address),
  });
}

function valuesOf(user: User): Record<ProfileField, string> {
  return {
    fullName: user.fullName,
    phoneNumber: user.phoneNumber ?? '',
    dateOfBirth: user.dateOfBirth ?? '',
    gender: user.gender ?? '',
    address: user.address ?? '',
  };
}

/** PUT /Auth/profile payload from valid values: trimmed, the phone normalised, empty → null. */
export function profileUpdate(values: Record<ProfileField, string>): ProfileUpdate {
  const phone = values.phoneNumber.trim();
  const address = values.address.trim();
  return {
    fullName: values.fullName.trim().replace(/\s+/g, ' '),
    phoneNumber: phone ? (normalizeVietnamesePhone(phone) ?? phone) : null,
    address: address || null,
    dateOfBirth: values.dateOfBirth || null,
    gender: isGender(values.gender) ? values.gender : null,
  };
}

/** The profile's details: shown, then edited in place and saved. */
export function ProfileDetails({ user }: { user: User }) {
  const t = vi.profilePage;
  const f = vi.fields;
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const form = useForm<ProfileField>(valuesOf(user), validate);

  const startEditing = () => {
    form.reset(valuesOf(user));
    setNotice(null);
    setEditing(true);
  };

  const onSubmit = form.handleSubmit(async (values) => {
    if (saving) return;
    setSaving(true);
    setNotice(null);
    try {
      const saved = await updateProfile(profileUpdate(values));
      publishUser(saved, { session: sessionStore, bus: eventBus });
      setEditing(false);
      setNotice({ tone: 'success', text: t.saved });
    } catch (failure) {
      form.showServerErrors(fieldErrorsOf(failure));
      setNotice({ tone: 'error', text: failureMessage(failure, t.saveFailed) });
    } finally {
      setSaving(false);
    }
  });

  const shown = (value: string | null | undefined) => (value ? value : <span className={styles.notSet}>{t.notSet}</span>);

  return (
    <section className={styles.card} aria-labelledby="profile-details-title">
      <div className={styles.cardHead}>
        <h2 id="profile-details-title" className={styles.cardTitle}>
          {t.infoTitle}
        </h2>
        {!editing && (
          <button type="button" className={formStyles.secondary} onClick={startEditing}>
            {t.edit}
          </button>
        )}
      </div>
      {notice && <FormNotice tone={notice.tone}>{notice.text}</FormNotice>}
      {editing ? (
        <form className={formStyles.form} onSubmit={onSubmit} noValidate aria-label={t.infoTitle}>
          <TextField {...form.field('fullName')} label={f.fullName} autoComplete="name" maxLength={100} required />
          <div className={formStyles.row}>
            <TextField {...form.field('phoneNumber')} label={f.phoneNumber} type="tel" autoComplete="tel" inputMode="tel" hint={t.phoneHint} />
            <TextField {...form.field('dateOfBirth')} label={f.dateOfBirth} type="date" autoComplete="bday" min="1900-01-01" max={todayIso()} />
          </div>
          <SelectField {...form.field('gender')} label={f.gender} options={GENDER_OPTIONS} placeholder={vi.gender.placeholder} />
          <TextField {...form.field('address')} label={f.address} autoComplete="street-address" maxLength={255} />
          <div className={formStyles.actions}>
            <button type="submit" className={formStyles.primary} disabled={saving}>
              {saving ? t.saving : t.save}
            </button>
            <button type="button" className={formStyles.secondary} onClick={() => setEditing(false)} disabled={saving}>
              {t.cancel}
            </button>
          </div>
        </form>
      ) : (
        <dl className={styles.details}>
          <dt>{f.fullName}</dt>
          <dd>{shown(user.fullName)}</dd>
          <dt>{f.email}</dt>
          <dd>
            {user.email} <span className={user.emailVerified ? styles.verified : styles.unverified}>({user.emailVerified ? t.verified : t.notVerified})</span>
          </dd>
          <dt>{f.phoneNumber}</dt>
          <dd>{shown(user.phoneNumber)}</dd>
          <dt>{f.dateOfBirth}</dt>
          <dd>{shown(user.dateOfBirth ? formatIsoDate(user.dateOfBirth) : null)}</dd>
          <dt>{f.gender}</dt>
          <dd>{shown(user.gender ? vi.gender[user.gender] : null)}</dd>
          <dt>{f.address}</dt>
          <dd>{shown(user.address)}</dd>
        </dl>
      )}
    </section>
  );
}
