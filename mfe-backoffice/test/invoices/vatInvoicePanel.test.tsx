import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, apiClient } from 'shared-contracts';
import type { VatInvoiceRequest } from 'shared-contracts/schemas';
import { downloadApiFile, openApiFile } from '../../src/api/apiFiles';
import { VAT_REQUEST_POLL_MS, VatInvoicePanel } from '../../src/invoices/VatInvoicePanel';

jest.mock('shared-contracts', () => ({
  ...jest.requireActual('shared-contracts'),
  apiClient: { get: jest.fn(), post: jest.fn() },
}));
jest.mock('../../src/api/apiFiles', () => ({ downloadApiFile: jest.fn(), openApiFile: jest.fn() }));

const client = jest.mocked(apiClient);
const download = jest.mocked(downloadApiFile);
const open = jest.mocked(openApiFile);
const envelope = (data: unknown) => ({ success: true, message: 'Thành công', data });

const REQUEST: VatInvoiceRequest = {
  id: 12,
  orderCode: 'EV2611200003',
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

beforeEach(() => jest.clearAllMocks());

describe('the invoice panel of an order’s detail', () => {
  it('prints and downloads the PDF, shows the company’s request and downloads its XML; it issues nothing itself', async () => {
    client.get.mockResolvedValue(envelope([REQUEST]));
    download.mockResolvedValue();
    open.mockResolvedValue();
    render(<VatInvoicePanel target={{ orderCode: REQUEST.orderCode! }} pdfPath={`/orders/${REQUEST.orderCode}/receipt.pdf`} />);

    const request = await screen.findByTestId('vat-invoice-request');
    expect(client.get).toHaveBeenCalledWith('/vat-invoice-requests?orderCode=EV2611200003', expect.anything());
    expect(request).toHaveTextContent('Công ty TNHH Xe Điện Sài Gòn · MST 0314409058-002');
    expect(request).toHaveTextContent('Đã yêu cầu');

    await userEvent.click(screen.getByRole('button', { name: 'In hóa đơn (PDF)' }));
    expect(open).toHaveBeenCalledWith('/orders/EV2611200003/receipt.pdf');
    await userEvent.click(screen.getByRole('button', { name: 'Tải XML (Thông tư 78)' }));
    expect(download).toHaveBeenCalledWith('/vat-invoice-requests/12/xml', 'hoa-don-12.xml');
    expect(request).toHaveTextContent('Hóa đơn điện tử ghi tên công ty được phát hành tự động');
    expect(within(request).getAllByRole('button').map((button) => button.textContent)).toEqual(['Tải XML (Thông tư 78)']);
    expect(client.post).not.toHaveBeenCalled();
  });

  it('shows the e-invoice’s series and number once it is issued, read again every 20 seconds', async () => {
    jest.useFakeTimers({ now: Date.parse('2026-11-20T09:30:00.000Z') });
    try {
      client.get.mockResolvedValueOnce(envelope([REQUEST])).mockResolvedValue(envelope([{ ...REQUEST, status: 'ISSUED', statusLabel: 'Đã xuất hóa đơn', providerRef: 'C26TYY-00000012', issuedAt: '2026-11-20T10:00:00.000Z' }]));
      render(<VatInvoicePanel target={{ orderCode: REQUEST.orderCode! }} pdfPath={`/orders/${REQUEST.orderCode}/receipt.pdf`} />);
      expect(await screen.findByTestId('vat-invoice-request')).toHaveTextContent('Đã yêu cầu');
      await act(async () => void (await jest.advanceTimersByTimeAsync(VAT_REQUEST_POLL_MS)));
      expect(screen.getByTestId('vat-invoice-request')).toHaveTextContent('Đã xuất hóa đơn');
      expect(screen.getByText('Đã xuất: C26TYY-00000012')).toBeInTheDocument();
      expect(client.get).toHaveBeenCalledTimes(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('has no PDF for an unpaid order, says when no company asked, and shows a refusal', async () => {
    client.get.mockResolvedValue(envelope([]));
    const { unmount } = render(<VatInvoicePanel target={{ serviceOrderId: 5 }} pdfPath={null} />);
    expect(await screen.findByText('Khách chưa yêu cầu hóa đơn công ty.')).toBeInTheDocument();
    expect(client.get).toHaveBeenCalledWith('/vat-invoice-requests?serviceOrderId=5', expect.anything());
    expect(screen.queryByRole('button', { name: 'Tải PDF' })).not.toBeInTheDocument();
    unmount();

    download.mockRejectedValue(new ApiError('Đơn chưa thanh toán', 409, 'ORDER_UNPAID'));
    render(<VatInvoicePanel target={{ serviceOrderId: 5 }} pdfPath="/service-orders/5/invoice.pdf" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Tải PDF' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Đơn chưa thanh toán'));
  });
});
