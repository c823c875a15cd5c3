import { Outlet } from 'react-router-dom';
import { useSession } from '../auth/useSession';
import { RemoteSlot } from '../remote-area/RemoteSlot';
import { PublicFrame } from './PublicFrame';

/** Header, the email-verification banner (from mfe-account) when needed, the page, the footer. */
export function PublicLayout() {
  const session = useSession();
  // The banner only ever shows for a logged-in user whose email is not verified: nobody else loads it.
  const needsVerification = Boolean(session && !session.user.emailVerified);
  return (
    <PublicFrame banner={needsVerification && <RemoteSlot remote="mfe_account" exposed="./EmailVerificationBanner" />}>
      <Outlet />
    </PublicFrame>
  );
}
