import { customerServiceOrderLabel, type ServiceOrderStatus } from './serviceOrderMachine';

/**
 * The one status a customer sees for a visit (appointment + its service order): once the car has a service
 * order, the order's machine speaks (an invoiced, unpaid order reads 'Xe đã xong – chờ thanh toán', never the
 * appointment's 'Hoàn thành'); before that, the appointment's own label.
 */

export type CustomerVisitTone = 'waiting' | 'confirmed' | 'active' | 'payment' | 'done' | 'cancelled';

export interface CustomerVisitStatus {
  label: string;
  tone: CustomerVisitTone;
  /** Which record the label comes from. */
  source: 'appointment' | 'serviceOrder';
}

const APPOINTMENT_TONES: Record<string, CustomerVisitTone> = {
  AWAITING_VERIFICATION: 'waiting',
  PENDING: 'waiting',
  CONFIRMED: 'confirmed',
  CHECKED_IN: 'active',
  IN_PROGRESS: 'active',
  COMPLETED: 'done',
  CANCELLED: 'cancelled',
  NO_SHOW: 'cancelled',
};

const SERVICE_ORDER_TONES: Record<ServiceOrderStatus, CustomerVisitTone> = {
  OPEN: 'active',
  IN_PROGRESS: 'active',
  WORK_DONE: 'payment',
  INVOICED: 'payment',
  CLOSED: 'done',
  CANCELLED: 'cancelled',
};

/** Appointment statuses with a car at (or just out of) the centre: a service order exists or is about to. */
export const SERVICE_ORDER_APPOINTMENT_STATUSES: readonly string[] = ['CHECKED_IN', 'IN_PROGRESS', 'COMPLETED'];

export function customerVisitStatus(
  appointment: { status: string; statusLabel: string },
  serviceOrder: { status: ServiceOrderStatus; pendingApprovals: number } | null,
): CustomerVisitStatus {
  if (serviceOrder) {
    const waitingForCustomer = serviceOrder.pendingApprovals > 0 && (serviceOrder.status === 'OPEN' || serviceOrder.status === 'IN_PROGRESS');
    return {
      label: customerServiceOrderLabel(serviceOrder.status, serviceOrder.pendingApprovals),
      tone: waitingForCustomer ? 'waiting' : SERVICE_ORDER_TONES[serviceOrder.status],
      source: 'serviceOrder',
    };
  }
  return { label: appointment.statusLabel, tone: APPOINTMENT_TONES[appointment.status] ?? 'waiting', source: 'appointment' };
}

/** Which of the customer's four steps (received, in progress, done – awaiting payment, paid) the order stands at; -1 when cancelled. */
export function customerProgressStep(status: ServiceOrderStatus): number {
  switch (status) {
    case 'OPEN':
      return 0;
    case 'IN_PROGRESS':
      return 1;
    case 'WORK_DONE':
    case 'INVOICED':
      return 2;
    case 'CLOSED':
      return 3;
    default:
      return -1;
  }
}
