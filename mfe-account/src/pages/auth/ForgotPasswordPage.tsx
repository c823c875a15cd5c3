import { Link } from 'react-router-dom';
import { vi } from '../../i18n/vi';
import { AuthCard } from './AuthCard';

export function ForgotPasswordPage() {
  return (
    <AuthCard
      title={vi.forgotPassword.title}
      description={vi.forgotPassword.description}
      links={
        <p>
          <Link to="/auth/login">{vi.authLinks.backToLogin}</Link>
        </p>
      }
    />
  );
}

export default ForgotPasswordPage;
