import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ApiError } from 'shared-contracts';
import { vietnamDateOf } from 'shared-contracts/calendar';
import type { WarrantyClaim, WarrantyClaimSummary, WarrantyReport } from 'shared-contracts/schemas';
import { WarrantyClaimsPage } from '../../src/warranty';
import { warrantyApi } from '../../src/warranty/warrantyApi';

jest.mock('../../src/warranty/warrantyApi', () => ({
  warrantyApi: { list: jest.fn(), detail: jest.fn(), saveDraft: jest.fn(), submit: jest.fn(), approve: jest.fn(), reject: jest.fn(), credit: jest.fn(), report: jest.fn() },
}));

const api = jest.mocked(warrantyApi);

/** A draft of 28/11/2026 10:15 (Vietnam): a charger controller and its labour under VinFast's warranty. */
const DRAFT: WarrantyClaimSummary = {
  id: 12,
  code: 'BH261128QK7P',
  status: 'DRAFT',
  statusLabel: 'Nháp',
  manufacturer: 'VinFast',
  centreId: 1,
  centreName: 'EV Care Quận 1',
  serviceOrderCode: 'PDV2611ABCD',
  vehicleLabel: 'VinFast VF 8',
  licensePlate: '51K-678.90',
  claimedAmount: 2_150_000,
  approvedAmount: null,
  creditedAmount: null,
  createdAt: '2026-11-28T03:15:00.000Z',
  version: 3,
};

/** An older claim the manufacturer approved, at another centre. */
const APPROVED: WarrantyClaimSummary = {
  ...DRAFT,
  id: 9,
  code: 'BH261120MX2D',
  status: 'APPROVED',
  statusLabel: 'Hãng đã duyệt',
  centreId: 2,
  centreName: 'EV Care Thủ Đức',
  serviceOrderCode: 'PDV2611WXYZ',
  vehicleLabel: 'VinFast VF e34',
  licensePlate: '30A-123.45',
  claimedAmount: 900_000,
  approvedAmount: 800_000,
  createdAt: '2026-11-20T02:00:00.000Z',
  version: 5,
};

const PHOTO = { id: 9, url: '/api/media/checklist-photos/9.webp', itemLabel: 'Kiểm tra hệ thống sạc' };
const OTHER_PHOTO = { id: 10, url: '/api/media/checklist-photos/10.webp', itemLabel: 'Kiểm tra pin' };

function claim(overrides: Partial<WarrantyClaim> = {}): WarrantyClaim {
  return {
    ...DRAFT,
    serviceOrderId: 501,
    invoiceCode: 'HD2611XYZ',
    vin: 'RLLVF8A1XPH000321',
    odometerKm: 18_450,
    failureNote: 'Bộ điều khiển sạc báo lỗi E07 khi sạc nhanh.',
    lines: [
      { kind: 'part', name: 'Bộ điều khiển sạc', quantity: 1, unitPrice: 1_800_000, lineTotal: 1_800_000 },
      { kind: 'service', name: 'Công thay bộ điều khiển sạc', quantity: 1, unitPrice: 350_000, lineTotal: 350_000 },
    ],
    partsAmount: 1_800_000,
    labourAmount: 350_000,
    manufacturerReference: null,
    rejectionReason: null,
    creditMethod: null,
    creditReference: null,
    photos: [PHOTO],
    orderPhotos: [PHOTO, OTHER_PHOTO],
    history: [{ at: '2026-11-28T03:15:00.000Z', status: 'DRAFT', statusLabel: 'Nháp', by: 'Trần Quản Lý', note: 'Lập từ hoá đơn của phiếu dịch vụ.' }],
    actions: ['submit'],
    ...overrides,
  };
}

/** The same claim once sent to the manufacturer (version 4). */
const submitted = (overrides: Partial<WarrantyClaim> = {}) =>
  claim({
    status: 'SUBMITTED',
    statusLabel: 'Đã gửi hãng',
    version: 4,
    orderPhotos: [],
    actions: ['approve', 'reject'],
    history: [...claim().history, { at: '2026-11-28T04:00:00.000Z', status: 'SUBMITTED', statusLabel: 'Đã gửi hãng', by: 'Trần Quản Lý', note: null }],
    ...overrides,
  });

const REPORT: WarrantyReport = {
  from: '2026-06',
  to: '2026-11',
  rows: [
    { manufacturer: 'VinFast', month: '2026-10', submitted: 3, claimedAmount: 4_500_000, approved: 2, approvedAmount: 3_000_000, rejected: 1, rejectedAmount: 1_200_000, creditedAmount: 2_000_000, outstandingAmount: 1_000_000 },
    { manufacturer: 'VinFast', month: '2026-11', submitted: 1, claimedAmount: 900_000, approved: 1, approvedAmount: 800_000, rejected: 0, rejectedAmount: 0, creditedAmount: 0, outstandingAmount: 800_000 },
  ],
  drafts: 2,
};

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/admin/warranty-claims" element={<WarrantyClaimsPage />} />
        <Route path="/manager/warranty-claims" element={<WarrantyClaimsPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const text = (element: Element) => element.textContent?.replace(/\s/g, ' ').trim();
const claimsTable = () => screen.findByRole('table', { name: 'Hồ sơ bảo hành, mới nhất trước' });
const rowOf = async (code: string) => (await screen.findByRole('button', { name: `Xem hồ sơ ${code}` })).closest('tr') as HTMLElement;
const detailOf = (code: string) => screen.findByRole('region', { name: `Hồ sơ ${code}` });

/** Opens the claim of `code` from the list and waits for its detail. */
async function open(user: ReturnType<typeof userEvent.setup>, code: string) {
  await user.click(await screen.findByRole('button', { name: `Xem hồ sơ ${code}` }));
  return detailOf(code);
}

beforeEach(() => {
  jest.resetAllMocks();
  api.list.mockResolvedValue([DRAFT, APPROVED]);
  api.report.mockResolvedValue(REPORT);
});

describe('"Bảo hành hãng": the claims and one claim’s detail', () => {
  it('lists the centre’s claims with the drafts in view, filters by status, and opens one beside the list', async () => {
    api.detail.mockResolvedValue(claim());
    const user = userEvent.setup();
    renderAt('/manager/warranty-claims');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Bảo hành hãng');

    const table = await claimsTable();
    expect(within(table).getAllByRole('columnheader').map(text)).toEqual(['Mã hồ sơ', 'Phiếu dịch vụ', 'Xe', 'Hãng', 'Yêu cầu (₫)', 'Hãng duyệt (₫)', 'Trạng thái']);
    const draftRow = await rowOf('BH261128QK7P');
    expect(within(draftRow).getAllByRole('cell').map(text)).toEqual(['PDV2611ABCD', 'VinFast VF 851K-678.90', 'VinFast', '2.150.000 ₫', '—', 'Nháp']);
    expect(within(await rowOf('BH261120MX2D')).getAllByRole('cell').map(text)).toEqual(['PDV2611WXYZ', 'VinFast VF e3430A-123.45', 'VinFast', '900.000 ₫', '800.000 ₫', 'Hãng đã duyệt']);
    expect(screen.getByText('Đang xem 2 hồ sơ, trong đó 1 hồ sơ nháp chưa gửi hãng.')).toBeInTheDocument();
    expect(api.list).toHaveBeenCalledWith('', expect.anything());

    const detail = await open(user, 'BH261128QK7P');
    expect(within(detail).getByRole('heading', { level: 2, name: 'Hồ sơ BH261128QK7P' })).toHaveFocus();
    expect(api.detail).toHaveBeenCalledWith(12, expect.anything());
    expect(draftRow).toHaveAttribute('aria-current', 'true');
    const fact = (term: string) => text(within(detail).getByText(term, { selector: 'dt' }).nextElementSibling!);
    expect(fact('Xe')).toBe('VinFast VF 8 · 51K-678.90');
    expect(fact('Số VIN')).toBe('RLLVF8A1XPH000321');
    expect(fact('Số km')).toBe('18.450 km');
    expect(fact('Phiếu dịch vụ')).toBe('PDV2611ABCD');
    expect(fact('Hóa đơn')).toBe('HD2611XYZ');

    const lines = within(detail).getByRole('table', { name: 'Hạng mục yêu cầu hãng trả' });
    const [, ...bodyRows] = within(lines).getAllByRole('row');
    expect(bodyRows.map(text)).toEqual([
      'Phụ tùngBộ điều khiển sạc11.800.000 ₫1.800.000 ₫',
      'Tiền côngCông thay bộ điều khiển sạc1350.000 ₫350.000 ₫',
      'Phụ tùng1.800.000 ₫',
      'Tiền công350.000 ₫',
      'Tổng yêu cầu2.150.000 ₫',
    ]);

    // a draft: its description and a checkbox per photo of the order, the ones chosen ticked
    expect(within(detail).getByLabelText('Mô tả hư hỏng')).toHaveValue('Bộ điều khiển sạc báo lỗi E07 khi sạc nhanh.');
    expect(within(detail).getByRole('checkbox', { name: 'Ảnh 1: Kiểm tra hệ thống sạc' })).toBeChecked();
    expect(within(detail).getByRole('checkbox', { name: 'Ảnh 2: Kiểm tra pin' })).not.toBeChecked();
    expect(within(detail).getByRole('button', { name: 'Lưu nháp' })).toBeInTheDocument();
    expect(within(detail).getByRole('button', { name: 'Gửi hãng' })).toBeInTheDocument();
    expect(within(detail).queryByRole('button', { name: 'Hãng duyệt' })).not.toBeInTheDocument();
    expect(within(detail).queryByRole('button', { name: 'Ghi nhận tiền hãng trả' })).not.toBeInTheDocument();

    const history = within(within(detail).getByRole('table', { name: 'Lịch sử' })).getAllByRole('row');
    expect(text(history[1]!)).toBe('NhápTrần Quản Lý28/11/2026 10:15Lập từ hoá đơn của phiếu dịch vụ.');

    // the filter asks the server for one status
    api.list.mockResolvedValueOnce([APPROVED]);
    await user.click(within(screen.getByRole('group', { name: 'Lọc theo trạng thái' })).getByRole('button', { name: 'Hãng đã duyệt' }));
    expect(api.list).toHaveBeenLastCalledWith('APPROVED', expect.anything());
    expect(await screen.findByText('Đang xem 1 hồ sơ, trong đó 0 hồ sơ nháp chưa gửi hãng.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hãng đã duyệt', pressed: true })).toBeInTheDocument();
  });

  it('shows an admin every centre’s claims with their centre', async () => {
    renderAt('/admin/warranty-claims');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Bảo hành hãng');
    const table = await claimsTable();
    expect(within(table).getByRole('columnheader', { name: 'Trung tâm' })).toBeInTheDocument();
    expect(within(await rowOf('BH261128QK7P')).getAllByRole('cell')[0]).toHaveTextContent('EV Care Quận 1');
    expect(within(await rowOf('BH261120MX2D')).getAllByRole('cell')[0]).toHaveTextContent('EV Care Thủ Đức');
  });

  it('sends a draft with the version shown, then shows the server’s message and the claim as sent', async () => {
    api.detail.mockResolvedValue(claim());
    api.submit.mockResolvedValue({ data: submitted(), message: 'Đã gửi hồ sơ bảo hành cho hãng.' });
    const user = userEvent.setup();
    renderAt('/manager/warranty-claims');
    const detail = await open(user, 'BH261128QK7P');
    await within(detail).findByRole('button', { name: 'Gửi hãng' });
    api.list.mockResolvedValue([{ ...DRAFT, status: 'SUBMITTED', statusLabel: 'Đã gửi hãng', version: 4 }, APPROVED]);
    await user.click(within(detail).getByRole('button', { name: 'Gửi hãng' }));

    expect(api.submit).toHaveBeenCalledWith(12, { version: 3 });
    expect(api.saveDraft).not.toHaveBeenCalled();
    expect(await within(detail).findByRole('status')).toHaveTextContent('Đã gửi hồ sơ bảo hành cho hãng.');
    // now the manufacturer's decision is what is left to record; the draft's form is gone
    expect(within(detail).getByRole('button', { name: 'Hãng duyệt' })).toBeInTheDocument();
    expect(within(detail).getByRole('button', { name: 'Hãng từ chối' })).toBeInTheDocument();
    expect(within(detail).queryByRole('button', { name: 'Gửi hãng' })).not.toBeInTheDocument();
    expect(within(detail).getByText('Bộ điều khiển sạc báo lỗi E07 khi sạc nhanh.')).toBeInTheDocument();
    expect(within(detail).getByRole('img', { name: 'Ảnh 1: Kiểm tra hệ thống sạc' })).toHaveAttribute('src', '/api/media/checklist-photos/9.webp');
    // the list and the report are read again
    await waitFor(() => expect(api.list).toHaveBeenCalledTimes(2));
    expect(api.report).toHaveBeenCalledTimes(2);
    expect(within(await rowOf('BH261128QK7P')).getAllByRole('cell').map(text).at(-1)).toBe('Đã gửi hãng');
  });

  it('saves the description and photos first when they changed, then sends with the version the save answered', async () => {
    api.detail.mockResolvedValue(claim({ failureNote: '' }));
    const saved = claim({ version: 4, failureNote: 'Lỗi E07 khi sạc nhanh DC.', photos: [PHOTO, OTHER_PHOTO] });
    api.saveDraft.mockResolvedValue({ data: saved, message: 'Đã lưu hồ sơ bảo hành.' });
    api.submit.mockResolvedValue({ data: submitted({ version: 5, failureNote: 'Lỗi E07 khi sạc nhanh DC.' }), message: 'Đã gửi hồ sơ bảo hành cho hãng.' });
    const user = userEvent.setup();
    renderAt('/manager/warranty-claims');
    const detail = await open(user, 'BH261128QK7P');
    await user.type(await within(detail).findByLabelText('Mô tả hư hỏng'), 'Lỗi E07 khi sạc nhanh DC.');
    await user.click(within(detail).getByRole('checkbox', { name: 'Ảnh 2: Kiểm tra pin' }));
    await user.click(within(detail).getByRole('button', { name: 'Gửi hãng' }));

    expect(api.saveDraft).toHaveBeenCalledWith(12, { version: 3, failureNote: 'Lỗi E07 khi sạc nhanh DC.', photoIds: [9, 10] });
    await waitFor(() => expect(api.submit).toHaveBeenCalledWith(12, { version: 4 }));
    expect(await within(detail).findByRole('status')).toHaveTextContent('Đã gửi hồ sơ bảo hành cho hãng.');
  });

  it('saves a draft with "Lưu nháp": the description and the photos chosen', async () => {
    api.detail.mockResolvedValue(claim());
    api.saveDraft.mockResolvedValue({ data: claim({ version: 4, photos: [] }), message: 'Đã lưu hồ sơ bảo hành.' });
    const user = userEvent.setup();
    renderAt('/manager/warranty-claims');
    const detail = await open(user, 'BH261128QK7P');
    await user.click(await within(detail).findByRole('checkbox', { name: 'Ảnh 1: Kiểm tra hệ thống sạc' }));
    await user.click(within(detail).getByRole('button', { name: 'Lưu nháp' }));

    expect(api.saveDraft).toHaveBeenCalledWith(12, { version: 3, failureNote: 'Bộ điều khiển sạc báo lỗi E07 khi sạc nhanh.', photoIds: [] });
    expect(api.submit).not.toHaveBeenCalled();
    expect(await within(detail).findByRole('status')).toHaveTextContent('Đã lưu hồ sơ bảo hành.');
    expect(within(detail).getByRole('checkbox', { name: 'Ảnh 1: Kiểm tra hệ thống sạc' })).not.toBeChecked();
  });

  it('shows the server’s refusal of an approval over the claimed amount beside the amount', async () => {
    api.detail.mockResolvedValue(submitted());
    const message = 'Số tiền hãng duyệt không được lớn hơn số tiền yêu cầu.';
    api.approve.mockRejectedValue(new ApiError(message, 422, 'VALIDATION_ERROR', [{ field: 'approvedAmount', message }]));
    const user = userEvent.setup();
    renderAt('/manager/warranty-claims');
    const detail = await open(user, 'BH261128QK7P');
    const form = await within(detail).findByRole('form', { name: 'Hãng duyệt hồ sơ' });
    const amount = within(form).getByLabelText('Số tiền hãng duyệt (₫)');
    // the claimed amount first
    expect(amount).toHaveValue('2150000');
    await user.clear(amount);
    await user.type(amount, '2.500.000');
    await user.type(within(form).getByLabelText('Số hồ sơ của hãng'), 'VF-WC-2611-0042');
    await user.click(within(form).getByRole('button', { name: 'Hãng duyệt' }));

    expect(api.approve).toHaveBeenCalledWith(12, { version: 4, approvedAmount: 2_500_000, manufacturerReference: 'VF-WC-2611-0042' });
    await waitFor(() => expect(amount).toHaveAccessibleDescription(expect.stringContaining(message)));
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    // what was typed stays, to be corrected
    expect(amount).toHaveValue('2.500.000');
    expect(api.list).toHaveBeenCalledTimes(1);
  });

  it('records a rejection with its reason', async () => {
    api.detail.mockResolvedValue(submitted());
    const rejected = submitted({ status: 'REJECTED', statusLabel: 'Hãng từ chối', version: 5, rejectionReason: 'Hư hỏng do va chạm, ngoài phạm vi bảo hành.', actions: [] });
    api.reject.mockResolvedValue({ data: rejected, message: 'Đã ghi nhận hãng từ chối hồ sơ.' });
    const user = userEvent.setup();
    renderAt('/manager/warranty-claims');
    const detail = await open(user, 'BH261128QK7P');
    const form = await within(detail).findByRole('form', { name: 'Hãng từ chối hồ sơ' });
    await user.type(within(form).getByLabelText('Lý do hãng từ chối'), 'Hư hỏng do va chạm, ngoài phạm vi bảo hành.');
    await user.click(within(form).getByRole('button', { name: 'Hãng từ chối' }));

    expect(api.reject).toHaveBeenCalledWith(12, { version: 4, reason: 'Hư hỏng do va chạm, ngoài phạm vi bảo hành.' });
    expect(await within(detail).findByRole('status')).toHaveTextContent('Đã ghi nhận hãng từ chối hồ sơ.');
    const decision = within(detail).getByRole('region', { name: 'Quyết định của hãng' });
    expect(decision).toHaveTextContent('Lý do hãng từ chốiHư hỏng do va chạm, ngoài phạm vi bảo hành.');
    expect(within(detail).getByText('Hồ sơ đã kết thúc: không còn thao tác nào.')).toBeInTheDocument();
  });

  it('records the manufacturer’s money: the approved amount first, the method and the document', async () => {
    const approved = submitted({ status: 'APPROVED', statusLabel: 'Hãng đã duyệt', version: 5, approvedAmount: 1_700_000, manufacturerReference: 'VF-WC-2611-0042', actions: ['credit'] });
    api.detail.mockResolvedValue(approved);
    api.credit.mockResolvedValue({
      data: { ...approved, status: 'CREDITED', statusLabel: 'Đã nhận tiền hãng', version: 6, creditedAmount: 1_700_000, creditMethod: 'CREDIT_NOTE', creditReference: 'GBC-7781', actions: [] },
      message: 'Đã ghi nhận tiền hãng trả.',
    });
    const user = userEvent.setup();
    renderAt('/manager/warranty-claims');
    const detail = await open(user, 'BH261128QK7P');
    const decision = await within(detail).findByRole('region', { name: 'Quyết định của hãng' });
    expect(text(decision)).toContain('Số hồ sơ của hãngVF-WC-2611-0042');
    expect(text(decision)).toContain('Hãng duyệt1.700.000 ₫');
    const form = within(detail).getByRole('form', { name: 'Tiền hãng trả' });
    expect(within(form).getByLabelText('Số tiền hãng trả (₫)')).toHaveValue('1700000');
    await user.selectOptions(within(form).getByLabelText('Hình thức nhận tiền'), 'Cấn trừ công nợ (giấy báo có)');
    await user.type(within(form).getByLabelText('Mã chứng từ (ủy nhiệm chi, giấy báo có)'), 'GBC-7781');
    await user.click(within(form).getByRole('button', { name: 'Ghi nhận tiền hãng trả' }));

    expect(api.credit).toHaveBeenCalledWith(12, { version: 5, amount: 1_700_000, method: 'CREDIT_NOTE', reference: 'GBC-7781' });
    expect(await within(detail).findByRole('status')).toHaveTextContent('Đã ghi nhận tiền hãng trả.');
    expect(text(within(detail).getByRole('region', { name: 'Quyết định của hãng' }))).toContain('Hình thức nhậnCấn trừ công nợ (giấy báo có)');
  });

  it('explains a 409 and reads the claim and the list again', async () => {
    const stale = 'Hồ sơ bảo hành vừa được người khác cập nhật. Đã tải lại bản mới nhất.';
    api.detail.mockResolvedValueOnce(claim()).mockResolvedValueOnce(submitted({ version: 6 }));
    api.submit.mockRejectedValue(new ApiError(stale, 409, 'STALE_VERSION'));
    const user = userEvent.setup();
    renderAt('/manager/warranty-claims');
    const detail = await open(user, 'BH261128QK7P');
    await user.click(await within(detail).findByRole('button', { name: 'Gửi hãng' }));

    expect(await within(detail).findByRole('alert')).toHaveTextContent(stale);
    await waitFor(() => expect(api.detail).toHaveBeenCalledTimes(2));
    expect(api.list).toHaveBeenCalledTimes(2);
    // the claim as someone else left it: already sent, so the manufacturer's decision is what is offered
    expect(await within(detail).findByRole('button', { name: 'Hãng duyệt' })).toBeInTheDocument();
    expect(within(detail).queryByRole('button', { name: 'Gửi hãng' })).not.toBeInTheDocument();
    expect(within(detail).getByRole('alert')).toHaveTextContent(stale);
  });

  it('keeps the description typed when a save meets a 409, to be used again', async () => {
    api.detail.mockResolvedValueOnce(claim()).mockResolvedValueOnce(claim({ version: 4, failureNote: 'Mô tả của người khác.' }));
    api.saveDraft.mockRejectedValue(new ApiError('Hồ sơ bảo hành vừa được người khác cập nhật. Đã tải lại bản mới nhất.', 409, 'STALE_VERSION'));
    const user = userEvent.setup();
    renderAt('/manager/warranty-claims');
    const detail = await open(user, 'BH261128QK7P');
    const note = await within(detail).findByLabelText('Mô tả hư hỏng');
    await user.clear(note);
    await user.type(note, 'Mô tả của tôi.');
    await user.click(within(detail).getByRole('button', { name: 'Lưu nháp' }));

    await waitFor(() => expect(within(detail).getByLabelText('Mô tả hư hỏng')).toHaveValue('Mô tả của người khác.'));
    expect(within(detail).getByText('Nội dung bạn vừa nhập chưa được lưu:').nextElementSibling).toHaveTextContent('Mô tả của tôi.');
    await user.click(within(detail).getByRole('button', { name: 'Dùng lại nội dung này' }));
    expect(within(detail).getByLabelText('Mô tả hư hỏng')).toHaveValue('Mô tả của tôi.');
  });

  it('reads the list again when the window regains focus', async () => {
    renderAt('/manager/warranty-claims');
    await claimsTable();
    api.list.mockResolvedValue([{ ...DRAFT, status: 'SUBMITTED', statusLabel: 'Đã gửi hãng' }, APPROVED]);
    fireEvent.focus(window);
    await waitFor(() => expect(api.list).toHaveBeenCalledTimes(2));
    expect(await screen.findByText('Đang xem 2 hồ sơ, trong đó 0 hồ sơ nháp chưa gửi hãng.')).toBeInTheDocument();
  });
});

describe('"Báo cáo theo hãng"', () => {
  /** 'yyyy-MM' of this month in Vietnam and the one five months before it. */
  function lastSixMonths() {
    const [year, month] = vietnamDateOf(new Date()).split('-').map(Number) as [number, number];
    const back = year * 12 + month - 1 - 5;
    return { from: `${Math.floor(back / 12)}-${String((back % 12) + 1).padStart(2, '0')}`, to: `${year}-${String(month).padStart(2, '0')}` };
  }

  it('shows the last 6 months per manufacturer and month with their totals, and the drafts not sent', async () => {
    const user = userEvent.setup();
    renderAt('/manager/warranty-claims');
    const span = lastSixMonths();
    expect(api.report).toHaveBeenCalledWith(span.from, span.to, expect.anything());
    const section = screen.getByRole('region', { name: 'Báo cáo theo hãng' });
    expect(within(section).getByLabelText('Từ tháng')).toHaveValue(span.from);
    expect(within(section).getByLabelText('Đến tháng')).toHaveValue(span.to);

    const table = await within(section).findByRole('table', { name: 'Hồ sơ gửi hãng từ 06/2026 đến 11/2026' });
    expect(within(table).getAllByRole('columnheader').map(text)).toEqual([
      'Hãng',
      'Tháng',
      'Đã gửi',
      'Yêu cầu (₫)',
      'Được duyệt',
      'Hãng duyệt (₫)',
      'Bị từ chối',
      'Bị từ chối (₫)',
      'Hãng đã trả (₫)',
      'Chờ hãng trả (₫)',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => [within(row).getByRole('rowheader').textContent, ...within(row).getAllByRole('cell').map(text)])).toEqual([
      ['VinFast', '10/2026', '3', '4.500.000 ₫', '2', '3.000.000 ₫', '1', '1.200.000 ₫', '2.000.000 ₫', '1.000.000 ₫'],
      ['VinFast', '11/2026', '1', '900.000 ₫', '1', '800.000 ₫', '0', '0 ₫', '0 ₫', '800.000 ₫'],
      ['Tổng cộng', '4', '5.400.000 ₫', '3', '3.800.000 ₫', '1', '1.200.000 ₫', '2.000.000 ₫', '1.800.000 ₫'],
    ]);
    expect(within(section).getByText('2 hồ sơ nháp chưa gửi hãng.')).toBeInTheDocument();

    // another span is asked for as typed; one the API would refuse is explained first
    fireEvent.change(within(section).getByLabelText('Từ tháng'), { target: { value: '2026-09' } });
    fireEvent.change(within(section).getByLabelText('Đến tháng'), { target: { value: '2026-08' } });
    await user.click(within(section).getByRole('button', { name: 'Xem báo cáo' }));
    expect(within(section).getByLabelText('Đến tháng')).toHaveAccessibleDescription('Tháng kết thúc phải từ tháng bắt đầu trở đi.');
    expect(api.report).toHaveBeenCalledTimes(1);
    fireEvent.change(within(section).getByLabelText('Đến tháng'), { target: { value: '2026-10' } });
    await user.click(within(section).getByRole('button', { name: 'Xem báo cáo' }));
    expect(api.report).toHaveBeenLastCalledWith('2026-09', '2026-10', expect.anything());
  });

  it('says when nothing was sent in the span', async () => {
    api.report.mockResolvedValue({ ...REPORT, rows: [], drafts: 0 });
    renderAt('/admin/warranty-claims');
    expect(await screen.findByText('Không có hồ sơ nào gửi hãng trong khoảng này.')).toBeInTheDocument();
    expect(screen.getByText('Không còn hồ sơ nháp nào chưa gửi hãng.')).toBeInTheDocument();
  });
});
