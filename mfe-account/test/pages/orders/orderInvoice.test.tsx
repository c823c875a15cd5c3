import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionStore } from 'shared-contracts';
import type { Order, VatInvoiceRequest } from 'shared-contracts/schemas';
import { OrderInvoice } from '../../../src/pages/orders/OrderInvoice';
import { fail, logIn, mockFetch, ok, renderAccountPage } from '../../helpers';

const ORDER = {
  code: 'EV2611200003',
  status: 'COMPLETED',
  paymentStatus: 'PAID',
} as Order;

const REQUEST: VatInvoiceRequest = {
  id: 7,
  orderCode: ORDER.code,
  serviceOrderId: null,
  serviceOrderCode: null,
  companyName: 'Công ty TNHH Xe Điện Sài Gòn',
  taxCode: '0314409058-002',
  address: '12 Lê Lợi, TP. Hồ Chí Minh',
  email: 'ketoan@xedien.vn',
  status: 'REQUESTED',
  statusLabel: 'Đã yêu cầu',
  createdAt: '2026-11-20T09:00:00.000Z',
  issuedAt: null,
  providerRef: null,
};

beforeEach(() => logIn());
afterEach(() => sessionStore.clear());

describe('the order’s receipt and company invoice', () => {
  it('downloads the receipt PDF of a paid order with the session’s token, under the server’s file name', async () => {
    const pdf = new Blob(['%PDF-1.3'], { type: 'application/pdf' });
    const fetch = jest.fn(async (input: string) => {
      const path = new URL(input).pathname;
      if (path.endsWith('/receipt.pdf')) {
        return { ok: true, status: 200, headers: new Headers({ 'Content-Disposition': `inline; filename="bien-nhan-${ORDER.code}.pdf"` }), blob: async () => pdf, json: async () => null };
      }
      return { ok: true, status: 200, text: async () => JSON.stringify({ success: true, message: 'OK', data: null }) };
    });
    globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
    const saved: string[] = [];
    URL.createObjectURL = jest.fn(() => 'blob:receipt');
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });

    renderAccountPage(`/orders/${ORDER.code}`, <OrderInvoice order={ORDER} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Tải PDF' }));
    await waitFor(() => expect(saved).toEqual([`bien-nhan-${ORDER.code}.pdf blob:receipt`]));
    const receiptCall = fetch.mock.calls.find(([url]) => String(url).endsWith(`/api/orders/${ORDER.code}/receipt.pdf`)) as unknown as [string, RequestInit];
    expect(receiptCall[1].headers).toEqual({ Authorization: `Bearer ${sessionStore.token}` });
    expect(screen.getByRole('button', { name: 'In hóa đơn' })).toBeEnabled();
    click.mockRestore();
  });

  it('shows the server’s refusal of a receipt (409 "Đơn chưa thanh toán") instead of a file', async () => {
    globalThis.fetch = jest.fn(async (input: string) =>
      new URL(input).pathname.endsWith('/receipt.pdf')
        ? { ok: false, status: 409, headers: new Headers(), json: async () => ({ success: false, message: 'Đơn chưa thanh toán', code: 'ORDER_UNPAID' }) }
        : { ok: true, status: 200, text: async () => JSON.stringify({ success: true, message: 'OK', data: null }) },
    ) as unknown as typeof globalThis.fetch;
    renderAccountPage(`/orders/${ORDER.code}`, <OrderInvoice order={ORDER} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Tải PDF' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Đơn chưa thanh toán');
  });

  it('offers no receipt before payment, and sends the company’s details, showing the server’s field message', async () => {
    let attempt = 0;
    const { calls } = mockFetch((call) => {
      if (call.method === 'GET') return ok(null);
      attempt += 1;
      return attempt === 1
        ? fail(400, 'Dữ liệu không hợp lệ.', 'VALIDATION_ERROR', [{ field: 'taxCode', message: 'Mã số thuế không hợp lệ (chữ số kiểm tra không đúng).' }])
        : { status: 201, body: { success: true, message: 'Đã gửi yêu cầu xuất hóa đơn công ty.', data: REQUEST } };
    });
    renderAccountPage(`/orders/${ORDER.code}`, <OrderInvoice order={{ ...ORDER, status: 'CONFIRMED', paymentStatus: 'UNPAID' } as Order} />);
    expect(screen.queryByRole('button', { name: 'Tải PDF' })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Xuất hóa đơn công ty' }));
    await userEvent.type(screen.getByLabelText('Tên công ty'), REQUEST.companyName);
    await userEvent.type(screen.getByLabelText('Mã số thuế'), '0314409059-002');
    await userEvent.type(screen.getByLabelText('Địa chỉ'), REQUEST.address);
    await userEvent.type(screen.getByLabelText('Email nhận hóa đơn'), REQUEST.email);
    await userEvent.click(screen.getByRole('button', { name: 'Gửi yêu cầu' }));
    expect(await screen.findByText('Mã số thuế không hợp lệ (chữ số kiểm tra không đúng).')).toBeInTheDocument();
    expect(screen.getByLabelText('Mã số thuế')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(screen.getByLabelText('Mã số thuế'));
    await userEvent.type(screen.getByLabelText('Mã số thuế'), '0314409058002');
    await userEvent.click(screen.getByRole('button', { name: 'Gửi yêu cầu' }));
    expect(await screen.findByTestId('vat-request')).toHaveTextContent('Công ty TNHH Xe Điện Sài Gòn · MST 0314409058-002 · Đã yêu cầu');
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.path)).toEqual([`/api/orders/${ORDER.code}/vat-invoice-request`, `/api/orders/${ORDER.code}/vat-invoice-request`]);
    expect(posts[1]!.body).toEqual({ companyName: REQUEST.companyName, taxCode: '0314409058002', address: REQUEST.address, email: REQUEST.email });
  });
});
