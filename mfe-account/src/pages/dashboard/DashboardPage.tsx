import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTime } from 'shared-contracts';
import type { Appointment } from 'shared-contracts/schemas';
import { PageIntro } from '../../components/PageIntro';
import { vi } from '../../i18n/vi';
import { loadPendingReviews, PendingReviewsCard } from '../../reviews';
import type { AppointmentStatusEvent, ServiceOrderLiveEvent } from '../../service/appointmentEvents';
import { LoginRequired } from '../../service/LoginRequired';
import { serviceApi } from '../../service/serviceApi';
import { loadPendingVisits, PendingVisitsCard } from '../../serviceRating';
import { keepIfShown, loadedOf, useAsync } from '../../hooks/useAsync';
import { useAppointmentEvents } from '../../service/useAppointmentEvents';
import { useSession } from '../../session/useSession';
import { applyStatus, AppointmentsSection } from './AppointmentsSection';
import { ApprovalDecisionsContext } from './approvals/approvalDecisions';
import { ApprovalsCard } from './approvals/ApprovalsCard';
import { useApprovals } from './approvals/useApprovals';
import { dashboardText as t } from './dashboardText';
import { loyaltyApi } from '../loyalty/loyaltyApi';
import { CreditsSection, LoyaltySection, OrdersSection, PromotionsSection, VehiclesSection } from './OverviewSections';
import { customerLabelOf } from './ServiceOrderPanel';
import styles from './DashboardPage.module.css';

/**
 * The upcoming appointments, then the ones completed in the last days (their invoice is still to pay, or just
 * paid: it stays in sight after the appointment left the upcoming list). Failing to read those is no reason to
 * hide the upcoming ones.
 */
async function loadAppointments(signal: AbortSignal): Promise<Appointment[]> {
  const [upcoming, recent] = await Promise.all([
    serviceApi.upcomingAppointments(signal),
    serviceApi.recentlyCompletedAppointments(signal).catch(() => [] as Appointment[]),
  ]);
  const shown = new Set(upcoming.map((appointment) => appointment.id));
  return [...upcoming, ...recent.filter((appointment) => !shown.has(appointment.id))];
}

/** The cards' place while their first answers are on their way. */
function DashboardSkeleton() {
  return (
    <div className={styles.skeleton} role="status" aria-busy="true">
      <span className={styles.visuallyHidden}>{vi.form.loadingPage}</span>
      <div className={styles.skeletonCard} />
      <div className={styles.skeletonCard} />
    </div>
  );
}

const readVehicles = (signal: AbortSignal) => serviceApi.vehicles(signal);
const readOrders = (signal: AbortSignal) => serviceApi.activeOrders(signal);
const readCredits = (signal: AbortSignal) => serviceApi.packageCredits(signal);
const readPromotions = (signal: AbortSignal) => serviceApi.savedPromotions(signal);
const readLoyalty = (signal: AbortSignal) => loyaltyApi.mineIfOffered(signal);

function Dashboard({ userId }: { userId: string }) {
  const appointments = useAsync(loadAppointments, {});
  const vehicles = useAsync(readVehicles, {});
  const orders = useAsync(readOrders, {});
  const credits = useAsync(readCredits, {});
  const promotions = useAsync(readPromotions, {});
  const loyalty = useAsync(readLoyalty, {});
  const approvals = useApprovals();
  // what the customer may rate: the block is left out when there is nothing (or it cannot be read)
  const visitRatings = useAsync(loadPendingVisits, {});
  const productReviews = useAsync(loadPendingReviews, {});
  // a reload keeps the list on screen (also when it fails), else shows loading
  const reloadAppointments = () => appointments.reload(keepIfShown);
  const updateAppointments = (change: (list: Appointment[]) => Appointment[]) => appointments.setData((list) => list && change(list));
  const [freshId, setFreshId] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [serviceOrders, setServiceOrders] = useState<Record<number, ServiceOrderLiveEvent>>({});
  // bumped when the stream comes back: every service order shown is fetched again (events may have been missed)
  const [reconnects, setReconnects] = useState(0);

  const onStatus = (event: AppointmentStatusEvent) => {
    const known = appointments.state.data?.some((appointment) => appointment.id === event.appointmentId) ?? false;
    // one booked elsewhere (another tab, the phone): fetch the list again
    if (!known) reloadAppointments();
    updateAppointments((list) => list.map((appointment) => applyStatus(appointment, event)));
    setFreshId(event.appointmentId);
    setAnnouncement(t.appointments.statusChanged(event.code, event.statusLabel));
  };

  const onServiceOrder = (event: ServiceOrderLiveEvent) => {
    const known = appointments.state.data?.find((appointment) => appointment.id === event.appointmentId);
    if (!known) reloadAppointments();
    setServiceOrders((current) => ({ ...current, [event.appointmentId]: event }));
    setFreshId(event.appointmentId);
    setAnnouncement(t.serviceOrder.changed(known?.code ?? event.serviceOrderCode, customerLabelOf(event.status, event.pendingApprovals)));
    // staff sent a request or withdrew one: 'Cần bạn duyệt' is fetched again
    approvals.onServiceOrder(event);
  };

  // statuses changed by staff (and the car's progress at the centre) arrive live; after a dropped connection,
  // the list is fetched again
  const onReconnected = () => {
    reloadAppointments();
    approvals.reload();
    setReconnects((count) => count + 1);
  };
  useAppointmentEvents({ onStatus, onServiceOrder, onReconnected }, userId);

  const onCancelled = (cancelled: Appointment) => {
    updateAppointments((list) => list.map((appointment) => (appointment.id === cancelled.id ? cancelled : appointment)));
    setAnnouncement(t.appointments.cancelled(cancelled.code));
  };

  const onRescheduled = (changed: Appointment) => {
    updateAppointments((list) => list.map((appointment) => (appointment.id === changed.id ? changed : appointment)));
    setAnnouncement(t.appointments.rescheduled(changed.code, formatDateTime(changed.start)));
  };

  // the cards appear together once each has its first answer: one appearing or growing after the others ('Cần bạn
  // duyệt' above all) would push down what the customer is already reading
  const shown = {
    appointments: loadedOf(appointments.state),
    vehicles: loadedOf(vehicles.state),
    orders: loadedOf(orders.state),
    credits: loadedOf(credits.state),
    promotions: loadedOf(promotions.state),
    loyalty: loadedOf(loyalty.state),
    visitRatings: loadedOf(visitRatings.state),
    productReviews: loadedOf(productReviews.state),
  };
  const states = [approvals.state, ...Object.values(shown)];
  if (states.some((state) => state.status === 'loading')) return <DashboardSkeleton />;

  return (
    <ApprovalDecisionsContext.Provider value={approvals.decisions}>
      <div className={styles.grid}>
        <ApprovalsCard approvals={approvals} />
        <AppointmentsSection
          state={shown.appointments}
          onRetry={() => appointments.reload('fresh')}
          onCancelled={onCancelled}
          onRescheduled={onRescheduled}
          freshId={freshId}
          announcement={announcement}
          serviceOrders={serviceOrders}
          serviceOrderRefresh={reconnects}
        />
        {shown.visitRatings.status === 'ready' && <PendingVisitsCard visits={shown.visitRatings.data} />}
        <VehiclesSection state={shown.vehicles} onRetry={() => vehicles.reload('fresh')} />
        <OrdersSection state={shown.orders} onRetry={() => orders.reload('fresh')} />
        {shown.productReviews.status === 'ready' && <PendingReviewsCard lines={shown.productReviews.data} />}
        <CreditsSection state={shown.credits} onRetry={() => credits.reload('fresh')} />
        <LoyaltySection state={shown.loyalty} onRetry={() => loyalty.reload('fresh')} />
        <PromotionsSection state={shown.promotions} onRetry={() => promotions.reload('fresh')} />
      </div>
    </ApprovalDecisionsContext.Provider>
  );
}

/**
 * /dashboard (login-guarded by the shell): the extra work waiting for the customer's yes ('Cần bạn duyệt (n)'),
 * upcoming appointments with their live status, active orders, vehicles with their next maintenance, package
 * credits, the points ('Điểm thưởng'), saved promotions, and the account's shortcuts.
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
