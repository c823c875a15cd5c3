import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Appointment } from 'shared-contracts/schemas';
import { PageIntro } from '../../components/PageIntro';
import { vi } from '../../i18n/vi';
import type { AppointmentStatusEvent } from '../../service/appointmentEvents';
import { LoginRequired } from '../../service/LoginRequired';
import { serviceApi } from '../../service/serviceApi';
import { useApiData } from '../../service/useApiData';
import { useAppointmentEvents } from '../../service/useAppointmentEvents';
import { useSession } from '../../session/useSession';
import { applyStatus, AppointmentsSection } from './AppointmentsSection';
import { dashboardText as t } from './dashboardText';
import { CreditsSection, OrdersSection, PromotionsSection, VehiclesSection } from './OverviewSections';
import styles from './DashboardPage.module.css';

function Dashboard({ userId }: { userId: string }) {
  const appointments = useApiData((signal) => serviceApi.upcomingAppointments(signal), []);
  const vehicles = useApiData((signal) => serviceApi.vehicles(signal), []);
  const orders = useApiData((signal) => serviceApi.activeOrders(signal), []);
  const credits = useApiData((signal) => serviceApi.packageCredits(signal), []);
  const promotions = useApiData((signal) => serviceApi.savedPromotions(signal), []);
  const [freshId, setFreshId] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const onStatus = (event: AppointmentStatusEvent) => {
    const known = appointments.state.status === 'ready' && appointments.state.data.some((appointment) => appointment.id === event.appointmentId);
    // one booked elsewhere (another tab, the phone): fetch the list again
    if (!known) appointments.reload();
    appointments.update((list) => list.map((appointment) => applyStatus(appointment, event)));
    setFreshId(event.appointmentId);
    setAnnouncement(t.appointments.statusChanged(event.code, event.statusLabel));
  };

  // statuses changed by staff arrive live; after a dropped connection, the list is fetched again
  useAppointmentEvents(onStatus, appointments.reload, userId);

  const onCancelled = (cancelled: Appointment) => {
    appointments.update((list) => list.map((appointment) => (appointment.id === cancelled.id ? cancelled : appointment)));
    setAnnouncement(t.appointments.cancelled(cancelled.code));
  };

  return (
    <div className={styles.grid}>
      <AppointmentsSection state={appointments.state} onRetry={appointments.reload} onCancelled={onCancelled} freshId={freshId} announcement={announcement} />
      <VehiclesSection state={vehicles.state} onRetry={vehicles.reload} />
      <OrdersSection state={orders.state} onRetry={orders.reload} />
      <CreditsSection state={credits.state} onRetry={credits.reload} />
      <PromotionsSection state={promotions.state} onRetry={promotions.reload} />
    </div>
  );
}

/**
 * /dashboard (login-guarded by the shell): upcoming appointments with their live status, active orders, vehicles
 * with their next maintenance, package credits, saved promotions, and the account's shortcuts.
 */
export function DashboardPage() {
  const session = useSession();
  return (
    <div className={styles.page}>
      <PageIntro title={vi.dashboard.title} description={vi.dashboard.description} />
      {session ? (
        <>
          <nav aria-label={t.linksLabel}>
            <ul className={styles.links}>
              {t.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={styles.link}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <Dashboard key={session.user.id} userId={session.user.id} />
        </>
      ) : (
        <LoginRequired />
      )}
    </div>
  );
}

export default DashboardPage;
