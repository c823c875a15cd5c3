import { useState } from 'react';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, sessionStore } from 'shared-contracts';
import { changePassword } from '../../api/accountApi';
import { failureMessage, fieldErrorsOf } from '../../api/apiErrors';
import { FormNotice, PasswordField } from '../../forms/Fields';
import { useForm } from '../../forms/useForm';
import { checkConfirmation, checkPassword, collectErrors } from '../../forms/validation';
import { vi } from '../../i18n/vi';
import formStyles from '../../forms/Form.module.css';
import styles from './ProfilePage.module.css';

type PasswordFieldName = 'currentPassword' | 'newPassword' | 'confirmNewPassword';

function validate(values: Record<PasswordFieldName, string>) {
  const f = vi.fields;
  return collectErrors<PasswordFieldName>({
    currentPassword: values.currentPassword ? undefined : vi.form.required(f.currentPassword),
    newPassword:
      checkPassword(values.newPassword, f.newPassword) ??
      (values.newPassword === values.currentPassword ? vi.form.passwordSameAsCurrent : undefined),
    confirmNewPassword: checkConfirmation(values.confirmNewPassword, values.newPassword, f.confirmNewPassword),
  });
}

/** POST /Auth/change-password {currentPassword, newPassword, confirmNewPassword}. */
export function ChangePasswordForm() {
  const t = vi.profilePage;
  const f = vi.fields;
  const form = useForm<PasswordFieldName>({ currentPassword: '', newPassword: '', confirmNewPassword: '' }, validate);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    if (saving) return;
    setSaving(true);
    setNotice(null);
    try {
      const renewed = await changePassword(values);
      // the server may end the other sessions and give this one a new pair
      const current = sessionStore.current;
      if (renewed && current) sessionStore.save({ ...current, token: renewed.token, refreshToken: renewed.refreshToken ?? current.refreshToken });
      form.reset();
      setNotice({ tone: 'success', text: t.passwordChanged });
    } catch (failure) {
      form.showServerErrors(fieldErrorsOf(failure));
      setNotice({ tone: 'error', text: failureMessage(failure, t.passwordFailed) });
    } finally {
      setSaving(false);
    }
  });

  return (
    <section className={styles.card} aria-labelledby="profile-password-title">
      <h2 id="profile-password-title" className={styles.cardTitle}>
        {t.passwordTitle}
      </h2>
      <form className={formStyles.form} onSubmit={onSubmit} noValidate aria-label={t.passwordTitle}>
        {notice && <FormNotice tone={notice.tone}>{notice.text}</FormNotice>}
        <PasswordField {...form.field('currentPassword')} label={f.currentPassword} autoComplete="current-password" required />
        <PasswordField
          {...form.field('newPassword')}
          label={f.newPassword}
          autoComplete="new-password"
          hint={vi.form.passwordHint(PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH)}
          required
        />
        <PasswordField {...form.field('confirmNewPassword')} label={f.confirmNewPassword} autoComplete="new-password" required />
        <div className={formStyles.actions}>
          <button type="submit" className={formStyles.primary} disabled={saving}>
            {saving ? t.changingPassword : t.changePassword}
          </button>
        </div>
      </form>
    </section>
  );
}
