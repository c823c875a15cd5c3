import { useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { authPathKeepingRedirect, messages, normalizeVietnamesePhone, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, safeRedirectTarget, sanitizeOtp, type Gender } from 'shared-contracts';
import { register, type RegisterPayload } from '../../api/accountApi';
import { failureMessage, fieldErrorsOf } from '../../api/apiErrors';
import { FormNotice, GENDER_OPTIONS, PasswordField, SelectField, TextField } from '../../forms/Fields';
import { useForm } from '../../forms/useForm';
import {
  checkAddress,
  checkConfirmation,
  checkDateOfBirth,
  checkEmail,
  checkFullName,
  checkGender,
  checkOtp,
  checkPassword,
  checkPhone,
  collectErrors,
  todayIso,
} from '../../forms/validation';
import { vi } from '../../i18n/vi';
import { resendVerification, verifyEmail } from '../../verification/verificationApi';
import { AuthCard } from './AuthCard';
import { clearPendingVerification, readPendingVerification, savePendingVerification, type PendingVerification } from './pendingVerification';
import styles from '../../forms/Form.module.css';

type RegisterField = 'fullName' | 'email' | 'phoneNumber' | 'dateOfBirth' | 'gender' | 'address' | 'password' | 'confirmPassword';

function validate(values: Record<RegisterField, string>) {
  return collectErrors<RegisterField>({
    fullName: checkFullName(values.fullName),
    email: checkEmail(values.email),
    phoneNumber: checkPhone(values.phoneNumber, true),
    dateOfBirth: checkDateOfBirth(values.dateOfBirth, false),
    gender: checkGender(values.gender, false),
    address: checkAddress(values.address),
    password: checkPassword(values.password),
    confirmPassword: checkConfirmation(values.confirmPassword, values.password, vi.fields.confirmPassword),
  });
}

/** The register payload from valid form values: trimmed, phone normalised, no empty address, birth date or gender. */
export function registerPayload(values: Record<RegisterField, string>): RegisterPayload {
  const address = values.address.trim();
  return {
    fullName: values.fullName.trim().replace(/\s+/g, ' '),
    email: values.email.trim(),
    password: values.password,
    confirmPassword: values.confirmPassword,
    phoneNumber: normalizeVietnamesePhone(values.phoneNumber) ?? values.phoneNumber.trim(),
    ...(values.dateOfBirth ? { dateOfBirth: values.dateOfBirth } : {}),
    ...(values.gender ? { gender: values.gender as Gender } : {}),
    ...(address ? { address } : {}),
  };
}

type Notice = { tone: 'success' | 'error'; text: string } | null;

/** After registering: the 6-digit code emailed to the new address (POST /auth/verify-email), then log in and go on. */
function VerifyStep({ userId, email, redirect }: PendingVerification) {
  const t = vi.registerForm;
  const navigate = useNavigate();
  const form = useForm<'otpCode'>({ otpCode: '' }, (values) => collectErrors({ otpCode: checkOtp(values.otpCode) }));
  const [busy, setBusy] = useState<'verify' | 'resend' | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const titleId = useId();

  const onSubmit = form.handleSubmit(async ({ otpCode }) => {
    if (busy) return;
    setBusy('verify');
    setNotice(null);
    try {
      await verifyEmail(userId, otpCode);
      clearPendingVerification();
      navigate(authPathKeepingRedirect('/auth/login', redirect), { state: { notice: t.verifiedNotice, email } });
    } catch (error) {
      setBusy(null);
      setNotice({ tone: 'error', text: failureMessage(error, messages.verification.otpVerifyFailure) });
      form.focus('otpCode');
    }
  });

  const onResend = async () => {
    if (busy) return;
    setBusy('resend');
    setNotice(null);
    try {
      await resendVerification(email);
      setNotice({ tone: 'success', text: messages.verification.otpResendSuccess });
    } catch (error) {
      setNotice({ tone: 'error', text: failureMessage(error, messages.verification.otpResendFailure) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className={styles.form} aria-labelledby={titleId}>
      <h2 id={titleId}>{t.createdTitle}</h2>
      <p>{t.codeSent(email)}</p>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <TextField
          {...form.field('otpCode')}
          label={vi.fields.otpCode}
          inputMode="numeric"
          autoComplete="one-time-code"
          sanitize={sanitizeOtp}
          placeholder="••••••"
          required
        />
        {notice && <FormNotice tone={notice.tone}>{notice.text}</FormNotice>}
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={busy !== null || !form.values.otpCode}>
            {busy === 'verify' ? t.verifying : t.verify}
          </button>
          <button type="button" className={styles.secondary} onClick={onResend} disabled={busy !== null}>
            {busy === 'resend' ? messages.verification.sending : t.resend}
          </button>
        </div>
      </form>
      <p>
        <Link to={authPathKeepingRedirect('/auth/login', redirect)} state={{ email }} onClick={clearPendingVerification}>
          {t.skip}
        </Link>
      </p>
    </section>
  );
}

/** /auth/register: the account form, then the emailed code. */
export function RegisterPage() {
  const t = vi.authLinks;
  const form = useForm<RegisterField>(
    { fullName: '', email: '', phoneNumber: '', dateOfBirth: '', gender: '', address: '', password: '', confirmPassword: '' },
    validate,
  );
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [params] = useSearchParams();
  const [created, setCreated] = useState<PendingVerification | null>(readPendingVerification);
  const redirect = created?.redirect ?? safeRedirectTarget(params.get('redirect'));

  const onSubmit = form.handleSubmit(async (values) => {
    if (submitting) return;
    setSubmitting(true);
    setError(null);
    try {
      const pending = { ...(await register(registerPayload(values))), redirect };
      savePendingVerification(pending);
      setCreated(pending);
    } catch (failure) {
      form.showServerErrors(fieldErrorsOf(failure));
      setError(failureMessage(failure, vi.requestFailed));
    } finally {
      setSubmitting(false);
    }
  });

  const f = vi.fields;
  return (
    <AuthCard
      title={vi.register.title}
      description={vi.register.description}
      links={
        <p>
          {t.hasAccount} <Link to={authPathKeepingRedirect('/auth/login', redirect)}>{t.login}</Link>
        </p>
      }
    >
      {created ? (
        <VerifyStep {...created} />
      ) : (
        <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={vi.register.title}>
          {error && <FormNotice tone="error">{error}</FormNotice>}
          <TextField {...form.field('fullName')} label={f.fullName} autoComplete="name" maxLength={100} required />
          <TextField {...form.field('email')} label={f.email} type="email" autoComplete="email" inputMode="email" required />
          <div className={styles.row}>
            <TextField {...form.field('phoneNumber')} label={f.phoneNumber} type="tel" autoComplete="tel" inputMode="tel" hint={vi.profilePage.phoneHint} required />
            <TextField {...form.field('dateOfBirth')} label={f.dateOfBirth} type="date" autoComplete="bday" min="1900-01-01" max={todayIso()} optional />
          </div>
          <SelectField {...form.field('gender')} label={f.gender} options={GENDER_OPTIONS} placeholder={vi.gender.placeholder} optional />
          <TextField {...form.field('address')} label={f.address} autoComplete="street-address" maxLength={255} optional />
          <PasswordField
            {...form.field('password')}
            label={f.password}
            autoComplete="new-password"
            hint={vi.form.passwordHint(PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH)}
            required
          />
          <PasswordField {...form.field('confirmPassword')} label={f.confirmPassword} autoComplete="new-password" required />
          <button type="submit" className={`${styles.primary} ${styles.wide}`} disabled={submitting}>
            {submitting ? vi.registerForm.submitting : vi.registerForm.submit}
          </button>
        </form>
      )}
    </AuthCard>
  );
}

export default RegisterPage;
