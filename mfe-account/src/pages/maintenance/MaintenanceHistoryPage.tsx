import { PageIntro } from '../../components/PageIntro';
import { vi } from '../../i18n/vi';

/** The maintenance history of the customer's vehicles (login-guarded by the shell). */
export function MaintenanceHistoryPage() {
  return <PageIntro title={vi.maintenanceHistory.title} description={vi.maintenanceHistory.description} />;
}

export default MaintenanceHistoryPage;
