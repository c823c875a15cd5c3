import { Link } from 'react-router-dom';
import { vi } from '../../i18n/vi';
import { AuthCard } from './AuthCard';

export function RegisterPage() {
  const t = vi.authLinks;
  return (
    <AuthCard
      title={vi.register.title}
      description={vi.register.description}
      links={
        <p>
          {t.hasAccount} <Link to="/auth/login">{t.login}</Link>
        </p>
      }
    />
  );
}

export default RegisterPage;
