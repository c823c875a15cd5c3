import { useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { loginRedirectPath } from 'shared-contracts';
import { PageIntro } from '../../components/PageIntro';
import { FormNotice } from '../../forms/Fields';
import { vi } from '../../i18n/vi';
import { NotificationPreferences } from '../../notificationPreferences';
import { useAccountDispatch, useAccountSelector } from '../../store/accountStore';
import { fetchCurrentUser } from '../../store/authSlice';
import { AvatarSection } from './AvatarSection';
import { ChangePasswordForm } from './ChangePasswordForm';
import { DeliveryAddressSetting } from './DeliveryAddressSetting';
import { ForecastEmailsSetting } from './ForecastEmailsSetting';
import { ProfileDetails } from './ProfileDetails';
import styles from './ProfilePage.module.css';

/**
 * /profile: needs a login (a guest goes to /auth/login?redirect=/profile). The latest profile is read
 * on arrival (GET /Auth/profile); details, avatar, the delivery address (a coded ward) and password are edited
 * here, and the maintenance-forecast emails turned on or off; "Thông báo" chooses the channels per topic and this
 * browser's Web Push.
 */
export function ProfilePage() {
  const { user, token } = useAccountSelector((state) => state.auth);
  const dispatch = useAccountDispatch();
  const location = useLocation();
  const [loadFailed, setLoadFailed] = useState(false);
  const loggedIn = Boolean(token && user);

  useEffect(() => {
    if (!loggedIn) return;
    dispatch(fetchCurrentUser())
      .unwrap()
      .then(
        () => setLoadFailed(false),
        () => setLoadFailed(true),
      );
    // once per visit of the page (and again after logging in as someone else)
  }, [dispatch, loggedIn, user?.id]);

  if (!loggedIn || !user) return <Navigate to={loginRedirectPath(`${location.pathname}${location.search}`)} replace />;

  return (
    <div className={styles.page}>
      <PageIntro title={vi.profile.title} description={vi.profile.description} />
      {loadFailed && <FormNotice tone="error">{vi.profilePage.loadFailed}</FormNotice>}
      <div className={styles.grid}>
        <AvatarSection user={user} />
        <ProfileDetails key={user.id} user={user} />
        <DeliveryAddressSetting key={`delivery-address-${user.id}`} />
        <ForecastEmailsSetting key={`forecast-emails-${user.id}`} />
        <ChangePasswordForm />
        <NotificationPreferences key={`notifications-${user.id}`} />
      </div>
    </div>
  );
}

export default ProfilePage;
