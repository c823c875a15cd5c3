import { act, screen } from '@testing-library/react';
import { sessionStore } from 'shared-contracts';
import type { CustomerApproval } from 'shared-contracts/schemas';
import { DashboardPage } from '../../../src/pages/dashboard/DashboardPage';
import type { AppointmentEventsOptions } from '../../../src/service/appointmentEvents';
import { serviceApi } from '../../../src/service/serviceApi';
import { deferred, logIn, renderAccountPage } from '../../helpers';
import { appointment, savedPromotion, vehicle } from '../../serviceFixtures';

jest.mock('../../../src/service/serviceApi');
jest.mock('../../../src/service/appointmentEvents', () => ({
  subscribeAppointmentEvents: (_options: AppointmentEventsOptions) => () => undefined,
}));

const api = serviceApi as jest.Mocked<typeof serviceApi>;

const waiting: CustomerApproval = {
  requestId: 51,
  appointmentId: 31,
  serviceOrderId: 7,
  serviceOrderCode: 'PDV261124K7QZ',
  licensePlate: '29MĐ1-234.56',
  vehicleModel: 'VinFast Klara S',
  centreName: 'EV Service Cầu Giấy',
  part: { productId: 12, sku: 'MP-KLARA-TR', name: 'Má phanh trước Klara' },
  quantity: 2,
  unitPrice: 225_000,
  lineTotal: 450_000,
  reason: 'Má phanh mòn quá giới hạn, phanh kém an toàn.',
  finding: null,
  currentEstimate: 550_000,
  newEstimate: 1_000_000,
  expiresAt: '2026-11-25T02:30:00.000Z',
  status: 'AWAITING_CUSTOMER',
  statusLabel: 'Chờ khách duyệt',
  decision: null,
  version: 3,
};

beforeEach(() => {
  jest.resetAllMocks();
  api.upcomingAppointments.mockResolvedValue([appointment()]);
  api.recentlyCompletedAppointments.mockResolvedValue([]);
  api.vehicles.mockResolvedValue([vehicle()]);
  api.activeOrders.mockResolvedValue(null);
  api.packageCredits.mockResolvedValue(null);
  api.savedPromotions.mockResolvedValue([savedPromotion()]);
  api.appointmentServiceOrder.mockResolvedValue(null);
});
afterEach(() => sessionStore.clear());

describe('/dashboard on a slow connection', () => {
  it('keeps the cards back until every first answer is in, so "Cần bạn duyệt" never pushes down the appointments being read', async () => {
    const approvals = deferred<CustomerApproval[]>();
    api.approvals.mockReturnValue(approvals.promise);
    logIn();
    renderAccountPage('/dashboard', <DashboardPage />);

    // everything but the approvals has answered: the page still shows its loading place, not the appointments
    await act(async () => undefined);
    expect(api.upcomingAppointments).toHaveBeenCalled();
    expect(screen.getByText('Đang tải...')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Lịch hẹn sắp tới' })).not.toBeInTheDocument();

    await act(async () => approvals.resolve([waiting]));
    const approvalsCard = await screen.findByRole('region', { name: 'Cần bạn duyệt (1)' });
    const appointments = screen.getByRole('region', { name: 'Lịch hẹn sắp tới' });
    // both arrive in the same frame, the card to approve first
    expect(approvalsCard.compareDocumentPosition(appointments) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByText('Đang tải...')).not.toBeInTheDocument();
  });
});
