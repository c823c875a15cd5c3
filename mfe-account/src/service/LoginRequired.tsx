import { Link, useLocation } from 'react-router-dom';
import { loginRedirectPath } from 'shared-contracts';
import formStyles from '../forms/Form.module.css';

const text = {
  message: 'Vui lòng đăng nhập để xem trang này.',
  login: 'Đăng nhập',
};

/**
 * The page without a session (logged out in another tab while it was open; the shell's login guard normally
 * sends a guest to the login page before the page renders): a way back to it after logging in.
 */
export function LoginRequired() {
  const location = useLocation();
  return (
    <div className={formStyles.actions}>
      <p>{text.message}</p>
      <Link to={loginRedirectPath(`${location.pathname}${location.search}`)} className={formStyles.primary}>
        {text.login}
      </Link>
    </div>
  );
}
