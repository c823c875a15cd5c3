import { PageIntro } from '../../components/PageIntro';
import { vi } from '../../i18n/vi';

/** The customer's vehicles (login-guarded by the shell). */
export function MyVehiclesPage() {
  return <PageIntro title={vi.myVehicles.title} description={vi.myVehicles.description} />;
}

export default MyVehiclesPage;
