import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, sanitizeOtp } from 'shared-contracts';
import { confirmPasswordReset } from '../../api/accountApi';
import { failureMessage, fieldErrorsOf } from '../../api/apiErrors';
import { FormNotice, PasswordField, TextField } from '../../forms/Fields';
import { useForm } from '../../forms/useForm';
import { checkConfirmation, checkEmail, checkOtp, checkPassword, collectErrors } from '../../forms/validation';
import { vi } from '../../i18n/vi';
import { AuthCard } from './AuthCard';
import { useAuthScreenState } from './authNavigation';
import styles from '../../forms/Form.module.css';

type ResetField = 'email' | 'otpCode' | 'newPassword' | 'confirmPassword';

function validate(values: Record<ResetField, string>) {
  return collectErrors<ResetField>({
    email: checkEmail(values.email),
    otpCode: checkOtp(values.otpCode),
    newPassword: checkPassword(values.newPassword, vi.fields.newPassword),
    confirmPassword: checkConfirmation(values.confirmPassword, values.newPassword, vi.fields.confirmNewPassword),
  });
}

/**
 * /auth/forgot-password/confirm: the emailed 6-digit code and the new password
 * (POST /auth/reset-password/confirm {email, otpCode, newPassword, confirmPassword}), then log in.
 */
export function ResetPasswordPage() {
  const t = vi.authLinks;
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const handed = useAuthScreenState();
  const form = useForm<ResetField>({ email: handed.email ?? params.get('email') ?? '', otpCode: '', newPassword: '', confirmPassword: '' }, validate);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    if (submitting) return;
    const email = values.email.trim();
    setSubmitting(true);
    setError(null);
    try {
      await confirmPasswordReset({ email, otpCode: values.otpCode, newPassword: values.newPassword, confirmPassword: values.confirmPassword });
      navigate('/auth/login', { state: { notice: vi.resetForm.done, email } });
    } catch (failure) {
      setSubmitting(false);
      form.showServerErrors(fieldErrorsOf(failure));
      setError(failureMessage(failure, vi.requestFailed));
    }
  });

  return (
    <AuthCard
      title={vi.resetPassword.title}
      description={vi.resetPassword.description}
      links={
        <>
          <p>
            <Link to="/auth/forgot-password">{t.requestAgain}</Link>
          </p>
          <p>
            <Link to="/auth/login">{t.backToLogin}</Link>
          </p>
        </>
      }
    >
      {handed.notice && <FormNotice tone="success">{handed.notice}</FormNotice>}
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={vi.resetPassword.title}>
        {error && <FormNotice tone="error">{error}</FormNotice>}
        <TextField {...form.field('email')} label={vi.fields.email} type="email" autoComplete="email" inputMode="email" required />
        <TextField
          {...form.field('otpCode')}
          label={vi.fields.otpCode}
          inputMode="numeric"
          autoComplete="one-time-code"
          sanitize={sanitizeOtp}
          placeholder="••••••"
          required
        />
        <PasswordField
          {...form.field('newPassword')}
          label={vi.fields.newPassword}
          autoComplete="new-password"
          hint={vi.form.passwordHint(PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH)}
          required
        />
        <PasswordField {...form.field('confirmPassword')} label={vi.fields.confirmNewPassword} autoComplete="new-password" required />
        <button type="submit" className={`${styles.primary} ${styles.wide}`} disabled={submitting}>
          {submitting ? vi.resetForm.submitting : vi.resetForm.submit}
        </button>
      </form>
    </AuthCard>
  );
}

export default ResetPasswordPage;
