import { Link } from 'react-router-dom';
import { vi } from '../../i18n/vi';
import { AuthCard } from './AuthCard';

/** /auth/forgot-password/confirm: choosing a new password. */
export function ResetPasswordPage() {
  const t = vi.authLinks;
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
    />
  );
}

export default ResetPasswordPage;
