import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from 'shared-contracts';
import type { InvoicePointsOffer, ServiceInvoice } from 'shared-contracts/schemas';
import { InvoicePayment } from '../../src/serviceOrders/InvoicePayment';
import { invoicePointsApi } from '../../src/serviceOrders/invoicePointsApi';
import { detail, renderAt, serviceInvoice } from '../staffFixtures';

jest.mock('../../src/serviceOrders/invoicePointsApi', () => ({
  invoicePointsApi: { offer: jest.fn(), apply: jest.fn(), remove: jest.fn() },
}));

const api = jest.mocked(invoicePointsApi);
/** Text as shown, spaces folded (Intl puts a non-breaking space before ₫). */
const fold = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

const invoice = serviceInvoice({ id: 7, code: 'HD2611PTS1' });

const offer: InvoicePointsOffer = {
  invoiceId: 7,
  available: true,
  reason: null,
  member: { id: 3, fullName: 'Phạm Khách Hàng' },
  balance: 5_000,
  pointValue: 10,
  minimum: 100,
  capPercent: 50,
  maxUsable: 5_000,
  pointsUsed: 0,
  pointsValue: 0,
};

function show(current: ServiceInvoice) {
  const run = jest.fn(async (work: () => Promise<unknown>) => {
    try {
      await work();
      return true;
    } catch {
      return false;
    }
  });
  const view = renderAt(<InvoicePayment order={detail({ id: 504, status: 'INVOICED', invoice: current, availableActions: ['confirmPayment'] })} run={run} />);
  return { run, view };
}

beforeEach(() => {
  jest.resetAllMocks();
  api.offer.mockResolvedValue(offer);
});

describe('points at the counter', () => {
  it('shows the member’s balance and the most usable, and applies points with the customer’s code', async () => {
    api.apply.mockResolvedValue({ ...invoice, pointsUsed: 1_000, pointsValue: 10_000, total: 470_000 });
    const { run } = show(invoice);
    const section = await screen.findByRole('group', { name: 'Dùng điểm thưởng' });
    expect(fold(within(section).getByText('Số dư của khách').nextElementSibling?.textContent)).toBe('5.000 điểm');
    expect(fold(within(section).getByText('Dùng tối đa cho hoá đơn này').nextElementSibling?.textContent)).toBe('5.000 điểm (50.000 ₫)');
    expect(api.offer).toHaveBeenCalledWith(7, expect.anything());

    await userEvent.type(within(section).getByLabelText(/^Số điểm/), '1.000');
    await userEvent.type(within(section).getByLabelText(/^Mã xác nhận của khách/), '123456');
    await userEvent.click(within(section).getByRole('button', { name: 'Áp dụng điểm' }));
    expect(api.apply).toHaveBeenCalledWith(7, 1_000, '123456');
    expect(run).toHaveBeenCalledWith(expect.any(Function), 'Đã áp dụng điểm thưởng cho hoá đơn.');
  });

  it('checks the fields before sending, and shows the server’s refusal next to its field', async () => {
    show(invoice);
    const section = await screen.findByRole('group', { name: 'Dùng điểm thưởng' });
    await userEvent.type(within(section).getByLabelText(/^Số điểm/), '6000');
    await userEvent.type(within(section).getByLabelText(/^Mã xác nhận của khách/), '12');
    await userEvent.click(within(section).getByRole('button', { name: 'Áp dụng điểm' }));
    expect(within(section).getByText('Dùng tối đa 5.000 điểm cho hoá đơn này.')).toBeInTheDocument();
    expect(within(section).getByText('Mã xác nhận gồm 6 chữ số.')).toBeInTheDocument();
    expect(within(section).getByLabelText(/^Số điểm/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.apply).not.toHaveBeenCalled();

    const message = 'Mã xác nhận không đúng. Vui lòng kiểm tra lại với khách.';
    api.apply.mockRejectedValue(new ApiError(message, 422, 'VALIDATION_ERROR', [{ field: 'consentCode', message }]));
    await userEvent.clear(within(section).getByLabelText(/^Số điểm/));
    await userEvent.type(within(section).getByLabelText(/^Số điểm/), '500');
    await userEvent.clear(within(section).getByLabelText(/^Mã xác nhận của khách/));
    await userEvent.type(within(section).getByLabelText(/^Mã xác nhận của khách/), '654321');
    await userEvent.click(within(section).getByRole('button', { name: 'Áp dụng điểm' }));
    expect(await within(section).findByText(message)).toBeInTheDocument();
    expect(within(section).getByLabelText(/^Mã xác nhận của khách/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the points’ line and the new total once applied, and takes them off', async () => {
    api.remove.mockResolvedValue(invoice);
    const { run } = show({ ...invoice, pointsUsed: 1_000, pointsValue: 10_000, total: 470_000 });
    expect(fold(screen.getByText('Điểm thưởng (−1.000 điểm)').nextElementSibling?.textContent)).toBe('−10.000 ₫');
    expect(fold(screen.getByText('Tổng cộng').nextElementSibling?.textContent)).toBe('470.000 ₫');
    const section = await screen.findByRole('group', { name: 'Dùng điểm thưởng' });
    expect(within(section).queryByLabelText(/^Số điểm/)).toBeNull();
    await userEvent.click(within(section).getByRole('button', { name: 'Bỏ dùng điểm' }));
    expect(api.remove).toHaveBeenCalledWith(7);
    expect(run).toHaveBeenCalledWith(expect.any(Function), 'Đã bỏ dùng điểm, hoàn điểm cho khách.');
  });

  it('offers nothing on a guest’s invoice', async () => {
    api.offer.mockResolvedValue({ ...offer, available: false, reason: 'Hoá đơn của khách không có tài khoản thành viên nên không dùng được điểm thưởng.', member: null, balance: 0, maxUsable: 0 });
    show(invoice);
    await screen.findByRole('button', { name: 'Thu tiền mặt' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('group', { name: 'Dùng điểm thưởng' })).toBeNull();
    expect(screen.queryByText(/Đang tải điểm thưởng/)).toBeNull();
  });
});
