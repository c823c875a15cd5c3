import { useEffect, useRef } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { authPathKeepingRedirect, normalizeVietnamesePhone, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, safeRedirectTarget } from 'shared-contracts';
import { GoogleSignIn } from '../../google/GoogleSignIn';
import { FormNotice, PasswordField, TextField } from '../../forms/Fields';
import { useForm } from '../../forms/useForm';
import { checkEmailOrPhone, collectErrors, isEmail } from '../../forms/validation';
import { vi } from '../../i18n/vi';
import type { LoginPayload } from '../../api/accountApi';
import { useAccountDispatch, useAccountSelector } from '../../store/accountStore';
import { clearError, exchangeGoogleCode, googleRedirectFailed, login, loginWithGoogle } from '../../store/authSlice';
import { AuthCard } from './AuthCard';
import { useAuthScreenState } from './authNavigation';
import styles from '../../forms/Form.module.css';

type LoginField = 'emailOrPhone' | 'password';

function validate(values: Record<LoginField, string>) {
  return collectErrors<LoginField>({
    emailOrPhone: checkEmailOrPhone(values.emailOrPhone),
    password: !values.password
      ? vi.form.required(vi.fields.password)
      : values.password.length > PASSWORD_MAX_LENGTH
        ? vi.form.passwordLength(PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH)
        : undefined,
  });
}

/** An email is sent as `email`; a mobile number, normalised, as `emailOrPhone`. */
export function loginPayload(emailOrPhone: string, password: string): LoginPayload {
  const value = emailOrPhone.trim();
  if (isEmail(value)) return { email: value, password };
  return { emailOrPhone: normalizeVietnamesePhone(value) ?? value, password };
}

/** /auth/login: email (or phone) and password, or Google; then back to the `redirect` query or home. */
export function LoginPage() {
  const t = vi.authLinks;
  const dispatch = useAccountDispatch();
  const { loading, error, token } = useAccountSelector((state) => state.auth);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeRedirectTarget(params.get('redirect'));
  const handed = useAuthScreenState();
  const form = useForm<LoginField>({ emailOrPhone: handed.email ?? '', password: '' }, validate);
  // a login started here navigates itself; the redirect below is for a visitor who arrives logged in
  const loggingIn = useRef(false);

  const location = useLocation();
  // back from the server's Google flow: ?googleCode=… (one-time, bound to this browser) or ?error=google;
  // tokens in the address (#accessToken=…) are never taken: a link could carry someone else's
  const googleCode = params.get('googleCode');
  // a code is good once: StrictMode runs the arrival effect twice in development
  const exchangedCode = useRef<string | null>(null);

  useEffect(() => {
    if (googleCode) {
      if (exchangedCode.current === googleCode) return;
      exchangedCode.current = googleCode;
      // the code leaves the address bar at once (history, screenshots, shared links)
      const rest = new URLSearchParams(params);
      rest.delete('googleCode');
      const search = rest.toString();
      navigate(`${location.pathname}${search ? `?${search}` : ''}`, { replace: true, state: location.state });
      finish(dispatch(exchangeGoogleCode(googleCode)).unwrap());
    } else if (params.get('error') === 'google') dispatch(googleRedirectFailed());
    else dispatch(clearError());
    // on arrival only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const finish = (pending: Promise<unknown>) => {
    loggingIn.current = true;
    pending.then(
      () => navigate(redirect, { replace: true }),
      (failure: { fieldErrors?: Record<string, string> }) => {
        loggingIn.current = false;
        const fromServer = failure?.fieldErrors ?? {};
        form.showServerErrors({ emailOrPhone: fromServer.emailOrPhone ?? fromServer.email ?? fromServer.phoneNumber ?? '', password: fromServer.password ?? '' });
      },
    );
  };

  const onSubmit = form.handleSubmit((values) => finish(dispatch(login(loginPayload(values.emailOrPhone, values.password))).unwrap()));

  if (token && !loggingIn.current && !googleCode) return <Navigate to={redirect} replace />;

  return (
    <AuthCard
      title={vi.login.title}
      description={vi.login.description}
      links={
        <>
          <p>
            {t.noAccount} <Link to={authPathKeepingRedirect('/auth/register', redirect)}>{t.register}</Link>
          </p>
          <p>
            <Link to="/auth/forgot-password">{t.forgotPassword}</Link>
          </p>
        </>
      }
    >
      {handed.notice && <FormNotice tone="success">{handed.notice}</FormNotice>}
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={vi.login.title}>
        {error && <FormNotice tone="error">{error}</FormNotice>}
        <TextField {...form.field('emailOrPhone')} label={vi.fields.emailOrPhone} autoComplete="username" inputMode="email" required />
        <PasswordField {...form.field('password')} label={vi.fields.password} autoComplete="current-password" required />
        <button type="submit" className={`${styles.primary} ${styles.wide}`} disabled={loading}>
          {loading ? vi.loginForm.submitting : vi.loginForm.submit}
        </button>
      </form>
      <p className={styles.divider}>{vi.loginForm.or}</p>
      <GoogleSignIn redirect={redirect} onCredential={(credential) => finish(dispatch(loginWithGoogle(credential)).unwrap())} />
    </AuthCard>
  );
}

export default LoginPage;
