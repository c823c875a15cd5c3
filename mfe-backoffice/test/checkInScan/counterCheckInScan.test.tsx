import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from 'shared-contracts';
import { checkInScanApi } from '../../src/checkInScan/checkInScanApi';
import { DayView } from '../../src/frontDesk/DayView';
import { frontDeskApi } from '../../src/frontDesk/frontDeskApi';
import { subscribeFloorEvents } from '../../src/floorEvents/floorEvents';
import { appointment, renderAt, staffDay, TECHNICIANS, TODAY } from '../staffFixtures';

jest.mock('../../src/frontDesk/frontDeskApi', () => ({
  frontDeskApi: {
    summary: jest.fn(),
    day: jest.fn(),
    setStatus: jest.fn(),
    walkIn: jest.fn(),
    checkIn: jest.fn(),
    searchCustomers: jest.fn(),
    customer: jest.fn(),
    technicians: jest.fn(),
    services: jest.fn(),
  },
}));
jest.mock('../../src/checkInScan/checkInScanApi', () => ({ checkInScanApi: { resolve: jest.fn() } }));
jest.mock('../../src/floorEvents/floorEvents', () => ({ subscribeFloorEvents: jest.fn(() => () => undefined) }));

const api = jest.mocked(frontDeskApi);
const resolve = jest.mocked(checkInScanApi.resolve);
const subscribe = jest.mocked(subscribeFloorEvents) as unknown as jest.Mock;

const booked = appointment({ id: 101, code: 'LH2611AAAA', licensePlate: '30A-111.11' });
const other = appointment({ id: 102, code: 'LH2611BBBB', licensePlate: '30A-222.22' });
const CODE = 'EVCI1.101.1.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';
const SEARCH = 'Biển số, số điện thoại hoặc mã lịch hẹn';

beforeEach(() => {
  jest.resetAllMocks();
  subscribe.mockImplementation(() => () => undefined);
  api.technicians.mockResolvedValue(TECHNICIANS);
  api.services.mockResolvedValue([]);
  api.day.mockResolvedValue(staffDay([booked, other]));
});

describe('checking in by a scanned QR at the counter', () => {
  it('resolves a code typed by a USB scanner (text + Enter) and opens that appointment’s check-in', async () => {
    resolve.mockResolvedValue({ appointmentId: 101, centreId: 1, checkInPath: '/staff/appointments?checkIn=101' });
    renderAt(<DayView />, '/staff/appointments');
    await screen.findByRole('rowheader', { name: 'LH2611AAAA' });
    const box = screen.getByRole('searchbox', { name: SEARCH });
    await userEvent.type(box, `${CODE}{Enter}`);

    expect(resolve).toHaveBeenCalledWith(CODE);
    const dialog = await screen.findByRole('dialog', { name: 'Tiếp nhận xe 30A-111.11' });
    expect(within(dialog).getByRole('heading', { name: 'Tiếp nhận xe 30A-111.11' })).toBeInTheDocument();
    // the code is not a search: the list was never filtered by it, and the box is empty again
    expect(api.day).not.toHaveBeenCalledWith(expect.objectContaining({ q: expect.stringContaining('EVCI1') }), expect.anything());
    expect(api.day).toHaveBeenCalledWith({ date: TODAY });
    expect(box).toHaveValue('');
  });

  it('shows the server’s Vietnamese refusal in the page and opens nothing', async () => {
    resolve.mockRejectedValue(new ApiError('Lịch hẹn đã bị hủy.', 409, 'INVALID_STATUS_TRANSITION'));
    renderAt(<DayView />, '/staff/appointments');
    await screen.findByRole('rowheader', { name: 'LH2611AAAA' });
    await userEvent.type(screen.getByRole('searchbox', { name: SEARCH }), `${CODE}{Enter}`);

    expect(await screen.findByText('Lịch hẹn đã bị hủy.')).toBeInTheDocument();
    expect(screen.getByText('Lịch hẹn đã bị hủy.').closest('[role="alert"]')).not.toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('still searches names, plates and booking codes as before', async () => {
    renderAt(<DayView />, '/staff/appointments');
    await screen.findByRole('rowheader', { name: 'LH2611AAAA' });
    await userEvent.type(screen.getByRole('searchbox', { name: SEARCH }), '30A-111{Enter}');
    await waitFor(() => expect(api.day).toHaveBeenCalledWith({ date: TODAY, status: undefined, q: '30A-111' }, expect.any(AbortSignal)));
    expect(resolve).not.toHaveBeenCalled();
  });

  it('explains an appointment the day view cannot check in (?checkIn= of one not in today’s list)', async () => {
    renderAt(<DayView />, '/staff/appointments?checkIn=555');
    expect(await screen.findByText('Không tìm thấy lịch hẹn này trong danh sách hôm nay, hoặc lịch hẹn không còn tiếp nhận được.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('reads a QR with the camera where the browser has BarcodeDetector, then resolves it', async () => {
    resolve.mockResolvedValue({ appointmentId: 102, centreId: 1, checkInPath: '/staff/appointments?checkIn=102' });
    const stop = jest.fn();
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: jest.fn().mockResolvedValue({ getTracks: () => [{ stop }] }) } });
    const play = jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    (globalThis as { BarcodeDetector?: unknown }).BarcodeDetector = class {
      static getSupportedFormats = () => Promise.resolve(['qr_code']);
      detect = () => Promise.resolve([{ rawValue: 'EVCI1.102.1.zyxwvutsrqponmlkjihgfedcbaZYXWVUTSRQPONMLKJIHGFEDCBA' }]);
    };
    try {
      renderAt(<DayView />, '/staff/appointments');
      await screen.findByRole('rowheader', { name: 'LH2611AAAA' });
      await userEvent.click(screen.getByRole('button', { name: 'Quét mã QR' }));
      expect(await screen.findByRole('dialog', { name: 'Tiếp nhận xe 30A-222.22' })).toBeInTheDocument();
      expect(resolve).toHaveBeenCalledWith('EVCI1.102.1.zyxwvutsrqponmlkjihgfedcbaZYXWVUTSRQPONMLKJIHGFEDCBA');
      expect(stop).toHaveBeenCalled();
    } finally {
      delete (globalThis as { BarcodeDetector?: unknown }).BarcodeDetector;
      play.mockRestore();
    }
  });
});
