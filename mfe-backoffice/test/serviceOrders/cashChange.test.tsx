import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readCashReceived } from '../../src/frontDesk/CashReceivedField';
import { InvoicePayment } from '../../src/serviceOrders/InvoicePayment';
import { serviceOrdersApi } from '../../src/serviceOrders/serviceOrdersApi';
import { detail, renderAt, serviceInvoice } from '../staffFixtures';

jest.mock('../../src/serviceOrders/serviceOrdersApi', () => ({
  serviceOrdersApi: { invoicePreview: jest.fn(), issueInvoice: jest.fn(), confirmPayment: jest.fn() },
}));

const api = jest.mocked(serviceOrdersApi);
/** Text as shown, spaces folded (Intl puts a non-breaking space before ₫). */
const fold = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

const invoice = serviceInvoice();

beforeEach(() => {
  jest.resetAllMocks();
  api.confirmPayment.mockResolvedValue(null);
});

function openCash() {
  const run = jest.fn(async (work: () => Promise<unknown>) => {
    await work();
    return true;
  });
  renderAt(<InvoicePayment order={detail({ id: 504, status: 'INVOICED', invoice, availableActions: ['confirmPayment'] })} run={run} />);
  return run;
}

describe('cash at the counter', () => {
  it('works out the change from the amount received and sends it', async () => {
    openCash();
    await userEvent.click(screen.getByRole('button', { name: 'Thu tiền mặt' }));
    const dialog = screen.getByRole('dialog', { name: 'Xác nhận thu tiền mặt hoá đơn HD2611BBBB' });
    const received = within(dialog).getByLabelText('Số tiền khách đưa');
    await userEvent.type(received, '500.000');
    expect(fold(within(dialog).getByText(/^Tiền thừa:/).textContent)).toBe('Tiền thừa: 20.000 ₫');
    // Read out with the field too.
    expect(fold(received.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)!.textContent).join(' '))).toMatch(/Tiền thừa: 20\.000 ₫$/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Đã thu tiền' }));
    expect(api.confirmPayment).toHaveBeenCalledWith(504, 'CASH', 500_000);
  });

  it('refuses less than the total and sends nothing', async () => {
    openCash();
    await userEvent.click(screen.getByRole('button', { name: 'Thu tiền mặt' }));
    const dialog = screen.getByRole('dialog', { name: 'Xác nhận thu tiền mặt hoá đơn HD2611BBBB' });
    const received = within(dialog).getByLabelText('Số tiền khách đưa');
    await userEvent.type(received, '450000');
    expect(within(dialog).queryByText(/^Tiền thừa:/)).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Đã thu tiền' }));
    expect(fold(within(dialog).getByText(/ít hơn tổng hoá đơn/).textContent)).toBe('Số tiền khách đưa ít hơn tổng hoá đơn (480.000 ₫).');
    expect(received).toHaveAttribute('aria-invalid', 'true');
    expect(api.confirmPayment).not.toHaveBeenCalled();

    await userEvent.clear(received);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Đã thu tiền' }));
    expect(api.confirmPayment).toHaveBeenCalledWith(504, 'CASH');
  });

  it('reads amounts as the counter types them', () => {
    expect(readCashReceived('500 000', 480_000)).toEqual({ kind: 'enough', amount: 500_000, change: 20_000 });
    expect(readCashReceived('480.000', 480_000)).toEqual({ kind: 'enough', amount: 480_000, change: 0 });
    expect(readCashReceived('5,5', 480_000)).toMatchObject({ kind: 'invalid' });
    expect(readCashReceived('', 480_000)).toEqual({ kind: 'empty' });
  });
});
