import { screen, within } from '@testing-library/react';
import { frontDeskApi } from '../../src/frontDesk/frontDeskApi';
import { ServiceOrderDrawer } from '../../src/serviceOrders/ServiceOrderDrawer';
import { serviceOrdersApi } from '../../src/serviceOrders/serviceOrdersApi';
import { detail, renderAt, TECHNICIANS } from '../staffFixtures';

jest.mock('../../src/frontDesk/frontDeskApi', () => ({
  frontDeskApi: { technicians: jest.fn() },
}));
jest.mock('../../src/serviceOrders/serviceOrdersApi', () => ({
  serviceOrdersApi: { detail: jest.fn(), assign: jest.fn(), reopen: jest.fn(), cancel: jest.fn(), invoicePreview: jest.fn(), issueInvoice: jest.fn(), confirmPayment: jest.fn() },
}));

const api = jest.mocked(serviceOrdersApi);

beforeEach(() => {
  jest.resetAllMocks();
  jest.mocked(frontDeskApi).technicians.mockResolvedValue(TECHNICIANS);
});

const item = (id: number, code: string, label: string) => ({ id, code, label, result: null, note: null, checkedAt: null, photos: [] });

describe('the service order drawer', () => {
  it('shows the appointment’s symptoms and the components to check closely, with their likelihood and reason', async () => {
    api.detail.mockResolvedValue(
      detail({
        checklistItems: [item(1, 'LIGHTS', 'Đèn'), item(2, 'BRAKE_PADS', 'Má phanh')],
        symptoms: [
          { code: 'BRAKE_NOISE', label: 'Tiếng kêu khi phanh', source: 'customer' },
          { code: 'VIBRATION', label: 'Xe rung, lắc khi chạy', source: 'staff' },
        ],
        suggestedChecks: [{ component: 'BRAKE_PADS', label: 'Má phanh', probability: 0.834, reason: 'Liên quan đến triệu chứng “Tiếng kêu khi phanh”.' }],
      }),
    );
    renderAt(<ServiceOrderDrawer orderId={501} serviceBays={4} refreshKey={0} onClose={jest.fn()} onChanged={jest.fn()} />);
    expect(await screen.findByText('Tiếng kêu khi phanh (khách báo); Xe rung, lắc khi chạy (ghi nhận khi tiếp nhận)')).toBeInTheDocument();
    const suggested = screen.getByRole('region', { name: 'Nên kiểm tra kỹ' });
    const [first] = within(suggested).getAllByRole('listitem');
    expect(first).toHaveTextContent('Má phanhKhả năng ~83%Liên quan đến triệu chứng “Tiếng kêu khi phanh”.');
    // the drawer's read-only checklist names the flagged item too
    const checklist = screen.getByRole('region', { name: /Danh sách kiểm tra/ });
    expect(within(checklist).getByText('Má phanh', { exact: false }).textContent).toBe('Má phanh · Nên kiểm tra kỹ');
    expect(within(checklist).getByText('Đèn').textContent).toBe('Đèn');
  });

  it('says there is no symptom and shows no suggestion section when there is nothing to suggest', async () => {
    api.detail.mockResolvedValue(detail({ symptoms: [], suggestedChecks: [] }));
    renderAt(<ServiceOrderDrawer orderId={501} serviceBays={4} refreshKey={0} onClose={jest.fn()} onChanged={jest.fn()} />);
    const symptomsTerm = await screen.findByText('Triệu chứng');
    expect(symptomsTerm.nextElementSibling).toHaveTextContent('—');
    expect(screen.queryByRole('region', { name: 'Nên kiểm tra kỹ' })).not.toBeInTheDocument();
  });
});
