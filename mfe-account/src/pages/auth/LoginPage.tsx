import { Link } from 'react-router-dom';
import { vi } from '../../i18n/vi';
import { AuthCard } from './AuthCard';

export function LoginPage() {
  const t = vi.authLinks;
  return (
    <AuthCard
      title={vi.login.title}
      description={vi.login.description}
      links={
        <>
          <p>
            {t.noAccount} <Link to="/auth/register">{t.register}</Link>
          </p>
          <p>
            <Link to="/auth/forgot-password">{t.forgotPassword}</Link>
          </p>
        </>
      }
    />
  );
}

export default LoginPage;
