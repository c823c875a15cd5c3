import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useNavigate, type NavigateFunction } from 'react-router-dom';
import { subscribeFloorEvents } from '../../src/floorEvents/floorEvents';
import { ChecklistsPage } from '../../src/pages/technician/ChecklistsPage';
import { PartsRequestPage } from '../../src/pages/technician/PartsRequestPage';
import { partsRequestsApi } from '../../src/partsRequests/partsRequestsApi';
import { technicianApi } from '../../src/technician/technicianApi';
import { partsProduct, partsRequest } from '../partsRequestFixtures';
import { renderAt } from '../staffFixtures';
import { card, checklistItem, detail, queue } from '../technicianFixtures';

jest.mock('../../src/technician/technicianApi');
jest.mock('../../src/partsRequests/partsRequestsApi', () => ({ partsRequestsApi: { mine: jest.fn(), searchParts: jest.fn(), create: jest.fn() } }));
jest.mock('../../src/floorEvents/floorEvents', () => ({ subscribeFloorEvents: jest.fn(() => () => undefined) }));

const tech = jest.mocked(technicianApi);
const api = jest.mocked(partsRequestsApi);
const subscribe = jest.mocked(subscribeFloorEvents) as unknown as jest.Mock;

// Issue 36: the technician works two cars; the second one's finding must give the second one's form.
const firstJob = card({ id: 7, code: 'PDV2611268FJ8', licensePlate: '30A-111.11', vehicleModel: 'VinFast VF 8' });
const secondJob = card({ id: 8, code: 'PDV26112623GQ', licensePlate: '51H-222.22', vehicleModel: 'VinFast VF 5' });
const chargePort = checklistItem({ id: 21, code: 'charge-port', label: 'Cổng sạc', result: 'FAIL', note: 'Gioăng cổng sạc rách' });
const horn = checklistItem({ id: 22, code: 'horn', label: 'Còi', result: 'FAIL', note: 'Còi kêu rè' });
const seal = partsProduct({ id: 40, sku: 'CHG-SEAL-VF5', name: 'Gioăng cổng sạc VF 5' });

let navigate: NavigateFunction = () => undefined;
function GrabNavigate() {
  navigate = useNavigate();
  return null;
}

function renderFloor(path: string) {
  return renderAt(
    <>
      <GrabNavigate />
      <Routes>
        <Route path="/technician/checklists" element={<ChecklistsPage />} />
        <Route path="/technician/parts-request" element={<PartsRequestPage />} />
      </Routes>
    </>,
    path,
  );
}

const newRequestForm = () => screen.findByRole('form', { name: 'Yêu cầu phụ tùng mới' });
const findingSelect = (form: HTMLElement) => within(form).getByLabelText('Mục kiểm tra không đạt (không bắt buộc)');

beforeEach(() => {
  jest.resetAllMocks();
  subscribe.mockImplementation(() => () => undefined);
  tech.queue.mockResolvedValue(queue({ mine: [firstJob, secondJob] }));
  tech.order.mockImplementation(async (id: number) =>
    id === 7
      ? detail({ ...firstJob, checklistItems: [checklistItem({ id: 11, label: 'Kiểm tra má phanh', result: 'FAIL', note: 'Má phanh mòn 1 mm' })] })
      : detail({ ...secondJob, checklistItems: [chargePort, horn] }),
  );
  api.searchParts.mockResolvedValue([seal]);
  api.mine.mockResolvedValue([]);
});

describe('a parts request from a FAIL item when I work two cars', () => {
  it('opens the second car’s form from its finding, names that car, and sends the request for it', async () => {
    renderFloor('/technician/checklists?order=8');
    await userEvent.click(await screen.findByRole('link', { name: 'Yêu cầu phụ tùng cho mục Cổng sạc' }));

    const form = await newRequestForm();
    expect(form).toHaveAccessibleDescription('Cho phiếu PDV26112623GQ · 51H-222.22 · VinFast VF 5');
    expect(screen.getByLabelText('Phiếu đang làm')).toHaveValue('8');
    await waitFor(() => expect(findingSelect(form)).toHaveValue('21'));

    api.create.mockResolvedValue({ data: partsRequest({ id: 90 }, 'technician'), message: 'Đã gửi yêu cầu phụ tùng.' });
    await userEvent.click(await within(form).findByRole('radio', { name: /Gioăng cổng sạc VF 5/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Gửi yêu cầu' }));
    expect(api.create).toHaveBeenCalledTimes(1);
    expect(api.create).toHaveBeenCalledWith(8, { productId: 40, quantity: 1, reason: null, checklistItemId: 21 });
    expect(api.searchParts).not.toHaveBeenCalledWith(7, expect.anything(), expect.anything());
  });

  it('without an order in the link, gives the car my clock runs on, not the first of my queue; with no clock, asks', async () => {
    tech.queue.mockResolvedValue(
      queue({
        mine: [firstJob, { ...secondJob, clockRunning: true }],
        clock: { running: { entryId: 3, serviceOrderId: 8, serviceOrderCode: secondJob.code, licensePlate: secondJob.licensePlate, startedAt: '2026-11-26T02:00:00.000Z' } },
      }),
    );
    const { unmount } = renderFloor('/technician/parts-request');
    expect(await newRequestForm()).toHaveAccessibleDescription('Cho phiếu PDV26112623GQ · 51H-222.22 · VinFast VF 5');
    expect(screen.getByLabelText('Phiếu đang làm')).toHaveValue('8');
    unmount();

    tech.queue.mockResolvedValue(queue({ mine: [firstJob, secondJob] }));
    renderFloor('/technician/parts-request');
    expect(await screen.findByText('Bạn đang làm nhiều phiếu. Hãy chọn phiếu cần phụ tùng.')).toBeInTheDocument();
    expect(screen.getByLabelText('Phiếu đang làm')).toHaveValue('');
    expect(screen.queryByRole('form', { name: 'Yêu cầu phụ tùng mới' })).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Phiếu đang làm'), '8');
    expect(await newRequestForm()).toHaveAccessibleDescription('Cho phiếu PDV26112623GQ · 51H-222.22 · VinFast VF 5');
  });

  it('a link to another finding replaces what the form held for the last one', async () => {
    renderFloor('/technician/parts-request?order=8&item=22');
    let form = await newRequestForm();
    await waitFor(() => expect(findingSelect(form)).toHaveValue('22'));
    await userEvent.click(await within(form).findByRole('radio', { name: /Gioăng cổng sạc VF 5/ }));

    act(() => void navigate('/technician/parts-request?order=8&item=21'));
    form = await newRequestForm();
    await waitFor(() => expect(findingSelect(form)).toHaveValue('21'));
    expect(within(form).getByRole('radio', { name: /Gioăng cổng sạc VF 5/ })).not.toBeChecked();
  });
});
