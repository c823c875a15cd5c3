import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, formatVnd } from 'shared-contracts';
import type { ServiceOrderDetail, ServiceOrderLine } from 'shared-contracts/schemas';
import { frontDeskApi } from '../../src/frontDesk/frontDeskApi';
import { ServiceOrderDrawer } from '../../src/serviceOrders/ServiceOrderDrawer';
import { serviceOrdersApi } from '../../src/serviceOrders/serviceOrdersApi';
import { signIn, signOut } from '../partsRequestFixtures';
import { detail, renderAt, serviceInvoice, TECHNICIANS } from '../staffFixtures';

jest.mock('../../src/frontDesk/frontDeskApi', () => ({
  frontDeskApi: { technicians: jest.fn() },
}));
jest.mock('../../src/serviceOrders/serviceOrdersApi', () => ({
  serviceOrdersApi: {
    detail: jest.fn(),
    assign: jest.fn(),
    reopen: jest.fn(),
    cancel: jest.fn(),
    setLinePayer: jest.fn(),
    invoicePreview: jest.fn(),
    issueInvoice: jest.fn(),
    confirmPayment: jest.fn(),
  },
}));

const api = jest.mocked(serviceOrdersApi);
/** Text as shown, spaces folded (Intl puts a non-breaking space before ₫). */
const vnd = (amount: number) => formatVnd(amount).replace(/\s/g, ' ');

const service: ServiceOrderLine = { id: 1, kind: 'service', name: 'Bảo dưỡng cơ bản', quantity: 1, unitPrice: 450_000, lineTotal: 450_000, source: 'booked', payer: 'CUSTOMER' };
const motor: ServiceOrderLine = { id: 2, kind: 'part', name: 'Bộ điều khiển động cơ', quantity: 1, unitPrice: 1_850_000, lineTotal: 1_850_000, source: 'parts_request', payer: 'CUSTOMER' };
const working = detail({ id: 501, code: 'PDV2611WORK', status: 'IN_PROGRESS', statusLabel: 'Đang làm', version: 3, lines: [service, motor] });
const underWarranty: ServiceOrderDetail = { ...working, version: 4, lines: [service, { ...motor, payer: 'WARRANTY' }] };

beforeEach(() => {
  jest.resetAllMocks();
  jest.mocked(frontDeskApi).technicians.mockResolvedValue(TECHNICIANS);
});
afterEach(signOut);

function renderDrawer() {
  const onChanged = jest.fn();
  renderAt(<ServiceOrderDrawer orderId={501} serviceBays={4} refreshKey={0} onClose={jest.fn()} onChanged={onChanged} />);
  return onChanged;
}

const linesTable = () => within(screen.getByRole('region', { name: 'Dịch vụ và phụ tùng' })).getByRole('table');
const lineRow = (name: string) => within(linesTable()).getByRole('row', { name: new RegExp(name) });
const payerSelect = (name: string) => within(lineRow(name)).getByLabelText('Người trả');
const optionsOf = (select: HTMLElement) => within(select).getAllByRole('option').map((option) => option.textContent);

describe('who pays a line, in the service order drawer', () => {
  it('lets staff put a line under the manufacturer’s warranty: sends the payer with the version and shows the lines answered', async () => {
    signIn('staff');
    api.detail.mockResolvedValue(working);
    api.setLinePayer.mockResolvedValue({ data: underWarranty, message: 'Đã chuyển dòng sang: Bảo hành hãng.' });
    const onChanged = renderDrawer();
    await screen.findByRole('dialog', { name: 'Phiếu dịch vụ PDV2611WORK' });
    expect(within(linesTable()).getByRole('row', { name: /Tạm tính/ })).toHaveTextContent(vnd(2_300_000));

    // staff may not give goodwill away: only the customer or the warranty is offered
    expect(optionsOf(payerSelect('Bộ điều khiển động cơ'))).toEqual(['Khách hàng trả', 'Bảo hành hãng']);
    await userEvent.selectOptions(payerSelect('Bộ điều khiển động cơ'), 'Bảo hành hãng');

    expect(api.setLinePayer).toHaveBeenCalledWith(501, 2, { payer: 'WARRANTY', version: 3 });
    expect(await screen.findByText('Đã chuyển dòng sang: Bảo hành hãng.')).toBeInTheDocument();
    const row = lineRow('Bộ điều khiển động cơ');
    expect(within(row).getByText('Bảo hành hãng', { selector: 'span' })).toBeInTheDocument();
    expect(within(row).getByText(vnd(1_850_000), { selector: 's', exact: false })).toBeInTheDocument();
    expect(within(row).getAllByRole('cell').at(-1)).toHaveTextContent(`khách trả ${vnd(0)}`);
    expect(payerSelect('Bộ điều khiển động cơ')).toHaveValue('WARRANTY');
    // the customer's estimate leaves the covered line out; the warranty's share is its own row
    expect(within(linesTable()).getByRole('row', { name: /Bảo hành hãng chi trả/ })).toHaveTextContent(vnd(1_850_000));
    expect(within(linesTable()).getByRole('row', { name: /Tạm tính/ })).toHaveTextContent(vnd(450_000));
    // the answer is shown as it is: no second read; the next change carries the new version
    expect(api.detail).toHaveBeenCalledTimes(1);
    expect(onChanged).toHaveBeenCalled();

    api.setLinePayer.mockResolvedValue({ data: working, message: 'Đã chuyển dòng sang: Khách hàng trả.' });
    await userEvent.selectOptions(payerSelect('Bộ điều khiển động cơ'), 'Khách hàng trả');
    expect(api.setLinePayer).toHaveBeenLastCalledWith(501, 2, { payer: 'CUSTOMER', version: 4 });
  });

  it('offers a manager “Trung tâm hỗ trợ”', async () => {
    signIn('manager');
    api.detail.mockResolvedValue(working);
    renderDrawer();
    await screen.findByRole('dialog', { name: 'Phiếu dịch vụ PDV2611WORK' });
    expect(optionsOf(payerSelect('Bảo dưỡng cơ bản'))).toEqual(['Khách hàng trả', 'Bảo hành hãng', 'Trung tâm hỗ trợ']);
  });

  it('shows staff a goodwill line they cannot set again, and lets them give it back to the customer', async () => {
    signIn('staff');
    api.detail.mockResolvedValue({ ...working, lines: [{ ...service, payer: 'GOODWILL' }] });
    renderDrawer();
    const goodwill = await screen.findByRole('row', { name: /Bảo dưỡng cơ bản.*Trung tâm hỗ trợ/ });
    const select = within(goodwill).getByLabelText('Người trả');
    expect(select).toHaveValue('GOODWILL');
    expect(within(select).getByRole('option', { name: 'Trung tâm hỗ trợ' })).toBeDisabled();
    api.setLinePayer.mockResolvedValue({ data: working, message: 'Đã chuyển dòng sang: Khách hàng trả.' });
    await userEvent.selectOptions(select, 'Khách hàng trả');
    expect(api.setLinePayer).toHaveBeenCalledWith(501, 1, { payer: 'CUSTOMER', version: 3 });
    expect(await screen.findByText('Đã chuyển dòng sang: Khách hàng trả.')).toBeInTheDocument();
  });

  it.each([
    ['409', new ApiError('Phiếu dịch vụ vừa được người khác cập nhật, vui lòng tải lại.', 409, 'SERVICE_ORDER_CHANGED')],
    ['403', new ApiError('Chỉ quản lý trung tâm được cho khách miễn phí (trung tâm hỗ trợ).', 403, 'FORBIDDEN')],
  ])('explains a %s and reads the order again', async (_status, error) => {
    signIn('staff');
    const changedElsewhere: ServiceOrderDetail = { ...working, version: 5, lines: [{ ...service, payer: 'WARRANTY' }, motor] };
    api.detail.mockResolvedValueOnce(working).mockResolvedValue(changedElsewhere);
    api.setLinePayer.mockRejectedValue(error);
    const onChanged = renderDrawer();
    await screen.findByRole('dialog', { name: 'Phiếu dịch vụ PDV2611WORK' });

    await userEvent.selectOptions(payerSelect('Bộ điều khiển động cơ'), 'Bảo hành hãng');

    expect(await screen.findByText(`${error.message} Phiếu đã được tải lại với dữ liệu mới nhất.`)).toBeInTheDocument();
    await waitFor(() => expect(api.detail).toHaveBeenCalledTimes(2));
    // what the server holds now, not the choice it refused
    await waitFor(() => expect(payerSelect('Bảo dưỡng cơ bản')).toHaveValue('WARRANTY'));
    expect(payerSelect('Bộ điều khiển động cơ')).toHaveValue('CUSTOMER');
    expect(onChanged).toHaveBeenCalled();
  });

  it('shows an invoiced order’s payers as text, with the covered worth on the invoice and out of its total', async () => {
    signIn('manager');
    const invoice = serviceInvoice({ subtotalServices: 450_000, subtotalParts: 0, warrantyCovered: 1_850_000, goodwillCovered: 0, total: 450_000 });
    api.detail.mockResolvedValue({ ...underWarranty, status: 'INVOICED', statusLabel: 'Chờ thanh toán', invoice, availableActions: ['confirmPayment'] });
    renderDrawer();
    await screen.findByRole('dialog', { name: 'Phiếu dịch vụ PDV2611WORK' });

    expect(screen.queryByLabelText('Người trả')).not.toBeInTheDocument();
    expect(lineRow('Bảo dưỡng cơ bản')).toHaveTextContent('Người trả: Khách hàng trả');
    expect(within(lineRow('Bộ điều khiển động cơ')).getByText('Bảo hành hãng')).toBeInTheDocument();

    const invoiceSection = screen.getByRole('region', { name: 'Hoá đơn và thanh toán' });
    expect(within(invoiceSection).getByText('Bảo hành hãng chi trả').nextElementSibling).toHaveTextContent(vnd(1_850_000));
    expect(within(invoiceSection).queryByText('Trung tâm hỗ trợ')).not.toBeInTheDocument(); // nothing given away
    expect(within(invoiceSection).getByText('Tổng cộng').nextElementSibling).toHaveTextContent(vnd(450_000));
  });

  it('shows an admin the payer and no select while the order is still open', async () => {
    signIn('admin');
    api.detail.mockResolvedValue(underWarranty);
    renderDrawer();
    await screen.findByRole('dialog', { name: 'Phiếu dịch vụ PDV2611WORK' });
    expect(screen.queryByLabelText('Người trả')).not.toBeInTheDocument();
    expect(lineRow('Bảo dưỡng cơ bản')).toHaveTextContent('Người trả: Khách hàng trả');
    expect(within(lineRow('Bộ điều khiển động cơ')).getByText('Bảo hành hãng')).toBeInTheDocument();
  });

  it('reads an open invoice preview again when a payer changes, with the covered rows and the customer’s total', async () => {
    signIn('manager');
    const done = { ...working, status: 'WORK_DONE' as const, statusLabel: 'Xong việc – chờ hoá đơn', availableActions: ['invoice' as const] };
    api.detail.mockResolvedValue(done);
    api.invoicePreview.mockResolvedValueOnce({ subtotalServices: 450_000, subtotalParts: 1_850_000, packageDiscount: 0, warrantyCovered: 0, goodwillCovered: 0, total: 2_300_000, lines: done.lines });
    api.invoicePreview.mockResolvedValueOnce({
      subtotalServices: 450_000,
      subtotalParts: 0,
      packageDiscount: 0,
      warrantyCovered: 0,
      goodwillCovered: 1_850_000,
      total: 450_000,
      lines: [service, { ...motor, payer: 'GOODWILL' }],
    });
    api.setLinePayer.mockResolvedValue({ data: { ...done, version: 4, lines: [service, { ...motor, payer: 'GOODWILL' }] }, message: 'Đã chuyển dòng sang: Trung tâm hỗ trợ.' });
    renderDrawer();
    await userEvent.click(await screen.findByRole('button', { name: 'Lập hoá đơn' }));
    const before = await screen.findByRole('table', { name: 'Xem trước hoá đơn' });
    expect(within(before).getByRole('row', { name: /Tổng cộng/ })).toHaveTextContent(vnd(2_300_000));
    expect(within(before).queryByRole('row', { name: /Trung tâm hỗ trợ/ })).not.toBeInTheDocument();

    await userEvent.selectOptions(payerSelect('Bộ điều khiển động cơ'), 'Trung tâm hỗ trợ');

    expect(api.setLinePayer).toHaveBeenCalledWith(501, 2, { payer: 'GOODWILL', version: 3 });
    await waitFor(() => expect(api.invoicePreview).toHaveBeenCalledTimes(2));
    const after = await screen.findByRole('table', { name: 'Xem trước hoá đơn' });
    await waitFor(() => expect(within(after).getByRole('row', { name: /Tổng cộng/ })).toHaveTextContent(vnd(450_000)));
    expect(within(after).getAllByRole('row').find((row) => row.parentElement?.tagName === 'TFOOT' && /Trung tâm hỗ trợ/.test(row.textContent ?? ''))).toHaveTextContent(vnd(1_850_000));
  });
});
