import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { frontDeskApi } from '../../src/frontDesk/frontDeskApi';
import { subscribeFloorEvents } from '../../src/floorEvents/floorEvents';
import { ServiceOrderBoard } from '../../src/serviceOrders/ServiceOrderBoard';
import { serviceOrdersApi } from '../../src/serviceOrders/serviceOrdersApi';
import { board, card, detail, renderAt, TECHNICIANS } from '../staffFixtures';

jest.mock('../../src/frontDesk/frontDeskApi', () => ({ frontDeskApi: { technicians: jest.fn(), services: jest.fn() } }));
jest.mock('../../src/serviceOrders/serviceOrdersApi', () => ({ serviceOrdersApi: { board: jest.fn(), detail: jest.fn() } }));
jest.mock('../../src/floorEvents/floorEvents', () => ({ subscribeFloorEvents: jest.fn(() => () => undefined) }));

const api = jest.mocked(serviceOrdersApi);

// One car: checked in again today while yesterday's order waits for payment, and booked again at 15:00.
const today = card({
  id: 601,
  code: 'PDV2611NEW',
  licensePlate: '30A-999.99',
  sameVehicle: [
    { kind: 'order', id: 600, code: 'PDV2511OLD', label: 'Chờ thanh toán' },
    { kind: 'appointment', id: 300, code: 'LH2611LATE', label: 'Lịch hẹn 15:00 · Đã xác nhận' },
  ],
});

beforeEach(() => {
  jest.resetAllMocks();
  (jest.mocked(subscribeFloorEvents) as unknown as jest.Mock).mockImplementation(() => () => undefined);
  jest.mocked(frontDeskApi).technicians.mockResolvedValue(TECHNICIANS);
  api.board.mockResolvedValue(board([], [today]));
});

describe('one vehicle on the board', () => {
  it('shows the car once, naming its other entries today, and opens the other order from the card', async () => {
    renderAt(
      <Routes>
        <Route path="/staff/service-orders" element={<ServiceOrderBoard />} />
      </Routes>,
      '/staff/service-orders',
    );
    await screen.findByRole('button', { name: 'Mở phiếu PDV2611NEW, xe 30A-999.99' });
    expect(screen.getAllByText('30A-999.99')).toHaveLength(1);
    const others = screen.getByRole('list', { name: 'Cùng xe hôm nay:' });
    expect(within(others).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['PDV2511OLD · Chờ thanh toán', 'LH2611LATE · Lịch hẹn 15:00 · Đã xác nhận']);

    api.detail.mockResolvedValue(detail({ id: 600, code: 'PDV2511OLD' }));
    await userEvent.click(within(others).getByRole('button', { name: 'PDV2511OLD · Chờ thanh toán: mở phiếu của cùng xe' }));
    expect(await screen.findByRole('dialog', { name: 'Phiếu dịch vụ PDV2511OLD' })).toBeInTheDocument();
    expect(api.detail).toHaveBeenCalledWith(600, expect.any(AbortSignal));
  });
});
