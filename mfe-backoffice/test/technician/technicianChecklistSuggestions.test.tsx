import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ChecklistsPage } from '../../src/pages/technician/ChecklistsPage';
import { flaggedFirst } from '../../src/technician/ChecklistScreen';
import { technicianApi } from '../../src/technician/technicianApi';
import { checklistItem, detail } from '../technicianFixtures';

jest.mock('../../src/technician/technicianApi');
jest.mock('../../src/floorEvents', () => ({ useFloorEvents: () => 'live', LiveStatus: () => null }));

const api = jest.mocked(technicianApi);

const items = [
  checklistItem({ id: 21, code: 'LIGHTS', label: 'Đèn' }),
  checklistItem({ id: 22, code: 'TYRE_PRESSURE', label: 'Áp suất lốp', result: 'PASS', checkedAt: '2026-11-22T02:10:00.000Z' }),
  checklistItem({ id: 23, code: 'BRAKE_FUNCTION', label: 'Hệ thống phanh' }),
  checklistItem({ id: 24, code: 'BRAKE_PADS', label: 'Má phanh' }),
];

const suggestedChecks = [
  { component: 'BRAKE_PADS', label: 'Má phanh', probability: 0.83, reason: 'Liên quan đến triệu chứng “Tiếng kêu khi phanh”.' },
  { component: 'BATTERY_SOH', label: 'Tình trạng pin (SOH)', probability: 0.62, reason: 'Dự báo nhiều khả năng cần xử lý trong 3 tháng tới.' },
  { component: 'BRAKE_FUNCTION', label: 'Hệ thống phanh', probability: 0.41, reason: 'Liên quan đến triệu chứng “Tiếng kêu khi phanh”, “Phanh kém, phải bóp sâu”.' },
];

const order = detail({
  checklistItems: items,
  checklist: { answered: 1, total: 4 },
  symptoms: [
    { code: 'BRAKE_NOISE', label: 'Tiếng kêu khi phanh', source: 'customer' },
    { code: 'BRAKE_WEAK', label: 'Phanh kém, phải bóp sâu', source: 'staff' },
  ],
  suggestedChecks,
});

function renderChecklist() {
  return render(
    <MemoryRouter initialEntries={['/technician/checklists?order=7']}>
      <Routes>
        <Route path="/technician/checklists" element={<ChecklistsPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const legends = () => screen.getAllByRole('group').map((element) => element.querySelector('legend')?.textContent);

beforeEach(() => {
  jest.resetAllMocks();
  api.order.mockResolvedValue(order);
  api.saveAnswer.mockResolvedValue(null);
});

describe('the technician’s checklist with the order’s suggested checks', () => {
  it('puts the items to check closely first, most likely first, and the others in their order', async () => {
    renderChecklist();
    await screen.findByRole('heading', { level: 2, name: 'PDV261122K7QZ · 30A-123.45' });
    expect(legends()).toEqual(['1. Má phanh', '2. Hệ thống phanh', '3. Đèn', '4. Áp suất lốp']);
    expect(screen.getByText('1/4 mục đã kiểm tra')).toBeInTheDocument();
  });

  it('marks them “Nên kiểm tra kỹ” in words with the reason, as the group’s description; the others carry no mark', async () => {
    renderChecklist();
    const pads = await screen.findByRole('group', { name: '1. Má phanh' });
    expect(within(pads).getByText('Nên kiểm tra kỹ')).toBeVisible();
    expect(within(pads).getByText(/Liên quan đến triệu chứng “Tiếng kêu khi phanh”\. Khả năng khoảng 83%\./)).toBeInTheDocument();
    expect(pads).toHaveAccessibleDescription(/Nên kiểm tra kỹ.*Tiếng kêu khi phanh/);
    expect(screen.getByRole('group', { name: '2. Hệ thống phanh' })).toHaveAccessibleDescription(/Nên kiểm tra kỹ/);
    const lights = screen.getByRole('group', { name: '3. Đèn' });
    expect(within(lights).queryByText('Nên kiểm tra kỹ')).not.toBeInTheDocument();
    expect(lights).not.toHaveAttribute('aria-describedby');
    expect(screen.getAllByText('Nên kiểm tra kỹ')).toHaveLength(2);
  });

  it('lists the symptoms at the top of the screen with who reported them, and the checks not on the list', async () => {
    renderChecklist();
    const symptoms = await screen.findByRole('region', { name: 'Triệu chứng' });
    expect(within(symptoms).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Tiếng kêu khi phanh · khách báo',
      'Phanh kém, phải bóp sâu · ghi nhận khi tiếp nhận',
      'Tình trạng pin (SOH): Dự báo nhiều khả năng cần xử lý trong 3 tháng tới. Khả năng khoảng 62%.',
    ]);
    expect(within(symptoms).getByText('2 mục nên kiểm tra kỹ được xếp lên đầu danh sách.')).toBeInTheDocument();
    expect(within(symptoms).getByRole('heading', { name: 'Nên kiểm tra thêm (không có trong danh sách)' })).toBeInTheDocument();
    // above the checklist
    const checklist = screen.getByRole('list', { name: 'Kiểm tra' });
    expect(symptoms.compareDocumentPosition(checklist) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('saves a flagged item as any other', async () => {
    renderChecklist();
    const pads = await screen.findByRole('group', { name: '1. Má phanh' });
    await userEvent.click(within(pads).getByRole('radio', { name: 'Đạt' }));
    expect(api.saveAnswer).toHaveBeenCalledWith(7, 24, { result: 'PASS', note: null });
    expect(await screen.findByText('2/4 mục đã kiểm tra')).toBeInTheDocument();
  });

  it('shows the plain checklist when the order has no symptom and nothing to suggest', async () => {
    api.order.mockResolvedValue(detail({ checklistItems: items, symptoms: [], suggestedChecks: [] }));
    renderChecklist();
    await screen.findByRole('heading', { level: 2, name: 'PDV261122K7QZ · 30A-123.45' });
    expect(legends()).toEqual(['1. Đèn', '2. Áp suất lốp', '3. Hệ thống phanh', '4. Má phanh']);
    expect(screen.queryByRole('region', { name: 'Triệu chứng' })).not.toBeInTheDocument();
    expect(screen.queryByText('Nên kiểm tra kỹ')).not.toBeInTheDocument();
  });
});

describe('flaggedFirst', () => {
  it('orders by the suggestions’ rank, keeps the rest in order, and is a no-op without suggestions', () => {
    expect(flaggedFirst(items, suggestedChecks).map(({ item, suggestion }) => [item.code, suggestion?.probability ?? null])).toEqual([
      ['BRAKE_PADS', 0.83],
      ['BRAKE_FUNCTION', 0.41],
      ['LIGHTS', null],
      ['TYRE_PRESSURE', null],
    ]);
    expect(flaggedFirst(items).map(({ item }) => item.id)).toEqual([21, 22, 23, 24]);
  });
});
