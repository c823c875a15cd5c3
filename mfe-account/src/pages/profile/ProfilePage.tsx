import { PageIntro } from '../../components/PageIntro';
import { vi } from '../../i18n/vi';

/** The customer's profile (no login guard, spec §2). */
export function ProfilePage() {
  return <PageIntro title={vi.profile.title} description={vi.profile.description} />;
}

export default ProfilePage;
