import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { requestPasswordReset } from '../../api/accountApi';
import { failureMessage, fieldErrorsOf } from '../../api/apiErrors';
import { FormNotice, TextField } from '../../forms/Fields';
import { useForm } from '../../forms/useForm';
import { checkEmail, collectErrors } from '../../forms/validation';
import { vi } from '../../i18n/vi';
import { AuthCard } from './AuthCard';
import { useAuthScreenState } from './authNavigation';
import styles from '../../forms/Form.module.css';

/** /auth/forgot-password: POST /auth/reset-password/request {email}, then on to the code and new password. */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const handed = useAuthScreenState();
  const form = useForm<'email'>({ email: handed.email ?? '' }, (values) => collectErrors({ email: checkEmail(values.email) }));
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async ({ email }) => {
    if (submitting) return;
    const address = email.trim();
    setSubmitting(true);
    setError(null);
    try {
      const fromServer = await requestPasswordReset(address);
      navigate(`/auth/forgot-password/confirm?email=${encodeURIComponent(address)}`, {
        state: { notice: fromServer ?? vi.forgotForm.sent(address), email: address },
      });
    } catch (failure) {
      setSubmitting(false);
      form.showServerErrors(fieldErrorsOf(failure));
      setError(failureMessage(failure, vi.requestFailed));
    }
  });

  return (
    <AuthCard
      title={vi.forgotPassword.title}
      description={vi.forgotPassword.description}
      links={
        <p>
          <Link to="/auth/login">{vi.authLinks.backToLogin}</Link>
        </p>
      }
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={vi.forgotPassword.title}>
        {error && <FormNotice tone="error">{error}</FormNotice>}
        <TextField {...form.field('email')} label={vi.fields.email} type="email" autoComplete="email" inputMode="email" required />
        <button type="submit" className={`${styles.primary} ${styles.wide}`} disabled={submitting}>
          {submitting ? vi.forgotForm.submitting : vi.forgotForm.submit}
        </button>
      </form>
    </AuthCard>
  );
}

export default ForgotPasswordPage;
