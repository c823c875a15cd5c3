import { screen, within } from '@testing-library/react';
import { ApiError } from 'shared-contracts';
import { checkInCodeApi } from '../../src/checkInCode';
import { DashboardPage } from '../../src/pages/dashboard/DashboardPage';
import { serviceApi } from '../../src/service/serviceApi';
import { logIn, renderAccountPage } from '../helpers';
import { appointment, vehicle } from '../serviceFixtures';

jest.mock('../../src/service/serviceApi');
jest.mock('../../src/service/appointmentEvents', () => ({ subscribeAppointmentEvents: () => () => undefined }));
jest.mock('../../src/checkInCode/checkInCodeApi', () => ({ checkInCodeApi: { code: jest.fn() } }));

const api = serviceApi as jest.Mocked<typeof serviceApi>;
const code = jest.mocked(checkInCodeApi.code);
const QR = 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=';

const confirmed = appointment({ id: 32, code: 'LH2611B8M4R', status: 'CONFIRMED', statusLabel: 'Đã xác nhận', start: '2026-11-28T07:30:00.000Z' });
const atCentre = appointment({ id: 33, code: 'LH2611C9N5S', status: 'CHECKED_IN', statusLabel: 'Đã tiếp nhận', start: '2026-11-27T02:00:00.000Z' });

beforeEach(() => {
  jest.resetAllMocks();
  api.upcomingAppointments.mockResolvedValue([confirmed, atCentre]);
  api.vehicles.mockResolvedValue([vehicle()]);
  api.activeOrders.mockResolvedValue(null);
  api.packageCredits.mockResolvedValue(null);
  api.savedPromotions.mockResolvedValue([]);
  api.recentlyCompletedAppointments.mockResolvedValue([]);
  api.appointmentServiceOrder.mockResolvedValue(null);
  api.appointmentInspection.mockResolvedValue(null);
  code.mockImplementation(async (appointmentId) => ({ appointmentId, code: `EVCI1.${appointmentId}.1.sig`, qrImageDataUrl: QR }));
  logIn();
});

describe('the check-in QR of an upcoming appointment on the dashboard', () => {
  it('shows the QR with what to do with it on a booking waiting for the customer, not once the car is at the centre', async () => {
    renderAccountPage('/dashboard', <DashboardPage />);
    const card = (await screen.findByRole('article', { name: 'LH2611B8M4R' })) as HTMLElement;
    const image = await within(card).findByRole('img', { name: 'Mã QR check-in lịch hẹn LH2611B8M4R' });
    expect(image).toHaveAttribute('src', QR);
    expect(within(card).getByText('Đưa mã này cho nhân viên khi đến trung tâm')).toBeInTheDocument();
    expect(code).toHaveBeenCalledWith(32, expect.any(AbortSignal));

    const received = screen.getByRole('article', { name: 'LH2611C9N5S' });
    expect(within(received).queryByRole('img', { name: /Mã QR check-in/ })).not.toBeInTheDocument();
    expect(code).not.toHaveBeenCalledWith(33, expect.anything());
  });

  it('says why when the code cannot be read', async () => {
    code.mockRejectedValue(new ApiError('Không tìm thấy lịch hẹn.', 404, 'APPOINTMENT_NOT_FOUND'));
    renderAccountPage('/dashboard', <DashboardPage />);
    const card = (await screen.findByRole('article', { name: 'LH2611B8M4R' })) as HTMLElement;
    expect(await within(card).findByText('Không tìm thấy lịch hẹn.')).toBeInTheDocument();
  });
});
