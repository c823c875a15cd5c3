import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ApiError } from 'shared-contracts';
import type { ChecklistPhoto } from 'shared-contracts/schemas';
import { ChecklistsPage } from '../../src/pages/technician/ChecklistsPage';
import { technicianApi } from '../../src/technician/technicianApi';
import type { UploadOptions } from '../../src/technician/photoUpload';
import { card, checklistItem, detail, photo, queue } from '../technicianFixtures';

jest.mock('../../src/technician/technicianApi');
jest.mock('../../src/floorEvents', () => ({ useFloorEvents: () => 'live', LiveStatus: () => null }));

const api = jest.mocked(technicianApi);

function renderChecklist(url = '/technician/checklists?order=7') {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/technician/checklists" element={<ChecklistsPage />} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const group = (name: string) => screen.getByRole('group', { name });
const jpeg = (name = 'ma-phanh.jpg', size = 1_000) => new File([new Uint8Array(size)], name, { type: 'image/jpeg' });

beforeEach(() => {
  jest.resetAllMocks();
  api.order.mockResolvedValue(detail());
  api.saveAnswer.mockResolvedValue(null);
});

describe('/technician/checklists?order=', () => {
  it('shows the items in order as three large result toggles, with the count of answered items in the header', async () => {
    renderChecklist();
    expect(await screen.findByRole('heading', { level: 2, name: 'PDV261122K7QZ · 30A-123.45' })).toBeInTheDocument();
    expect(screen.getByText('1/2 mục đã kiểm tra')).toBeInTheDocument();
    const groups = screen.getAllByRole('group').map((element) => element.querySelector('legend')?.textContent);
    expect(groups).toEqual(['1. Kiểm tra má phanh', '2. Áp suất lốp']);
    const first = within(group('1. Kiểm tra má phanh'));
    expect(first.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['Đạt', 'Không đạt', 'Không áp dụng']);
    expect(within(group('2. Áp suất lốp')).getByRole('radio', { name: 'Đạt' })).toBeChecked();
    expect(api.order).toHaveBeenCalledWith(7, expect.anything());
  });

  it('saves an item as soon as it is toggled, with its result and note, and counts it', async () => {
    renderChecklist();
    await userEvent.click(await within(await screen.findByRole('group', { name: '1. Kiểm tra má phanh' })).findByRole('radio', { name: 'Đạt' }));
    expect(api.saveAnswer).toHaveBeenCalledTimes(1);
    expect(api.saveAnswer).toHaveBeenCalledWith(7, 11, { result: 'PASS', note: null });
    expect(await screen.findByText('2/2 mục đã kiểm tra')).toBeInTheDocument();
    expect(screen.getByTestId('save-state-11')).toHaveTextContent('Đã lưu');

    // a note on a passed item is saved too (here when the field is left)
    await userEvent.type(screen.getByRole('textbox', { name: 'Ghi chú Kiểm tra má phanh' }), '  Còn 60%  ');
    await userEvent.tab();
    expect(api.saveAnswer).toHaveBeenLastCalledWith(7, 11, { result: 'PASS', note: 'Còn 60%' });
  });

  it('asks for a reason on FAIL in Vietnamese and saves nothing until one is written', async () => {
    renderChecklist();
    const brakes = await screen.findByRole('group', { name: '1. Kiểm tra má phanh' });
    await userEvent.click(within(brakes).getByRole('radio', { name: 'Không đạt' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Mục không đạt cần ghi rõ lý do.');
    const note = screen.getByRole('textbox', { name: 'Ghi chú Kiểm tra má phanh' });
    expect(note).toHaveAttribute('aria-invalid', 'true');
    expect(note).toHaveAccessibleDescription(/Bắt buộc khi không đạt.*Mục không đạt cần ghi rõ lý do\./);
    expect(api.saveAnswer).not.toHaveBeenCalled();
    // A part can be asked for a finding once it is saved as FAIL, not before.
    expect(screen.queryByRole('link', { name: /Yêu cầu phụ tùng cho mục/ })).not.toBeInTheDocument();

    // too short is still refused when the field is left
    await userEvent.type(note, 'Mòn');
    await userEvent.tab();
    expect(api.saveAnswer).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Mục không đạt cần ghi rõ lý do.');

    await userEvent.type(note, ' quá giới hạn');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.tab();
    expect(api.saveAnswer).toHaveBeenCalledTimes(1);
    expect(api.saveAnswer).toHaveBeenCalledWith(7, 11, { result: 'FAIL', note: 'Mòn quá giới hạn' });
    expect(await screen.findByText('2/2 mục đã kiểm tra')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Yêu cầu phụ tùng cho mục Kiểm tra má phanh' })).toHaveAttribute('href', '/technician/parts-request?order=7&item=11');
  });

  it('says why a save failed and saves the same answer again on “Thử lại”', async () => {
    api.saveAnswer.mockRejectedValueOnce(new ApiError('Không thể kết nối tới máy chủ. Vui lòng kiểm tra mạng và thử lại.', 0, 'NETWORK'));
    renderChecklist();
    await userEvent.click(within(await screen.findByRole('group', { name: '1. Kiểm tra má phanh' })).getByRole('radio', { name: 'Không áp dụng' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Không thể kết nối tới máy chủ. Vui lòng kiểm tra mạng và thử lại.');
    expect(screen.getByText('1/2 mục đã kiểm tra')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Thử lại lưu mục Kiểm tra má phanh' }));
    expect(api.saveAnswer).toHaveBeenCalledTimes(2);
    expect(api.saveAnswer).toHaveBeenNthCalledWith(2, 7, 11, { result: 'NA', note: null });
    expect(await screen.findByText('2/2 mục đã kiểm tra')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByTestId('save-state-11')).toHaveTextContent('Đã lưu');
  });

  it('takes a photo from the camera, shows the upload progress, then the thumbnail', async () => {
    let options: UploadOptions = {};
    let finish!: (value: ChecklistPhoto) => void;
    api.uploadPhoto.mockImplementation((_order, _item, _file, given = {}) => {
      options = given;
      return new Promise<ChecklistPhoto>((resolve) => {
        finish = resolve;
      });
    });
    renderChecklist();
    const input = await screen.findByLabelText('Chụp hoặc chọn ảnh cho mục Kiểm tra má phanh');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', 'image/*');
    expect(input).toHaveAttribute('capture', 'environment');

    const file = jpeg();
    await userEvent.upload(input, file);
    expect(api.uploadPhoto).toHaveBeenCalledWith(7, 11, file, expect.objectContaining({ onProgress: expect.any(Function) }));
    act(() => options.onProgress!(40));
    const progress = screen.getByRole('progressbar', { name: 'Đang tải ảnh ma-phanh.jpg lên' });
    expect(progress).toHaveAttribute('value', '40');
    expect(screen.getByText('ma-phanh.jpg: 40%')).toBeInTheDocument();

    await act(async () => finish(photo(91)));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Ảnh 1 của mục Kiểm tra má phanh' })).toHaveAttribute('src', '/api/media/checklist/91.webp');
    expect(screen.getByText('Đã tải ảnh lên.')).toBeInTheDocument();

    api.deletePhoto.mockResolvedValue(undefined);
    await userEvent.click(screen.getByRole('button', { name: 'Xóa ảnh 1 của mục Kiểm tra má phanh' }));
    expect(api.deletePhoto).toHaveBeenCalledWith(7, 11, 91);
    expect(screen.queryByRole('img', { name: 'Ảnh 1 của mục Kiểm tra má phanh' })).not.toBeInTheDocument();
  });

  it('refuses a sixth photo of an item before sending it, and a file too large or not an image', async () => {
    api.order.mockResolvedValue(detail({ checklistItems: [checklistItem({ photos: [photo(1), photo(2), photo(3), photo(4)] })] }));
    api.uploadPhoto.mockResolvedValue(photo(5));
    renderChecklist();
    const input = await screen.findByLabelText('Chụp hoặc chọn ảnh cho mục Kiểm tra má phanh');

    await userEvent.upload(input, new File(['x'.repeat(10)], 'hoa-don.pdf', { type: 'application/pdf' }), { applyAccept: false });
    expect(screen.getByRole('alert')).toHaveTextContent('Chỉ nhận ảnh JPEG, PNG hoặc WebP.');
    await userEvent.upload(input, jpeg('lon.jpg', 8 * 1024 * 1024 + 1));
    expect(screen.getByRole('alert')).toHaveTextContent('Ảnh vượt quá 8 MB, vui lòng chọn ảnh nhỏ hơn.');
    expect(api.uploadPhoto).not.toHaveBeenCalled();

    await userEvent.upload(input, jpeg('thu-5.jpg'));
    expect(await screen.findByRole('img', { name: 'Ảnh 5 của mục Kiểm tra má phanh' })).toBeInTheDocument();
    expect(screen.getByText('Đã đủ 5 ảnh, tối đa cho mỗi mục.')).toBeInTheDocument();
    expect(input).toBeDisabled();

    // a disabled input cannot be used; should a file still arrive, it is refused before any byte is sent
    fireEvent.change(input, { target: { files: [jpeg('thu-6.jpg')] } });
    expect(screen.getByRole('alert')).toHaveTextContent('Mỗi mục chỉ được tối đa 5 ảnh.');
    expect(api.uploadPhoto).toHaveBeenCalledTimes(1);
  });

  it("shows the server's refusal of a photo and lets it be sent again", async () => {
    api.uploadPhoto.mockRejectedValueOnce(new ApiError('Mỗi mục chỉ được tối đa 5 ảnh.', 409, 'TOO_MANY_PHOTOS'));
    api.uploadPhoto.mockResolvedValueOnce(photo(92));
    renderChecklist();
    await userEvent.upload(await screen.findByLabelText('Chụp hoặc chọn ảnh cho mục Kiểm tra má phanh'), jpeg());
    expect(await screen.findByRole('alert')).toHaveTextContent('ma-phanh.jpg: Mỗi mục chỉ được tối đa 5 ảnh.');
    await userEvent.click(screen.getByRole('button', { name: 'Thử lại tải ảnh ma-phanh.jpg' }));
    expect(await screen.findByRole('img', { name: 'Ảnh 1 của mục Kiểm tra má phanh' })).toBeInTheDocument();
    expect(api.uploadPhoto).toHaveBeenCalledTimes(2);
  });

  it('is read-only while the order is not in progress', async () => {
    api.order.mockResolvedValue(detail({ status: 'OPEN', statusLabel: 'Đã tiếp nhận', availableActions: ['start'] }));
    renderChecklist();
    expect(await screen.findByText(/Chỉ ghi được kết quả khi phiếu đang thực hiện/)).toBeInTheDocument();
    for (const radio of within(group('1. Kiểm tra má phanh')).getAllByRole('radio')) expect(radio).toBeDisabled();
    expect(screen.queryByLabelText(/Chụp hoặc chọn ảnh/)).not.toBeInTheDocument();
  });

  it('finishes the order from the checklist with the version read afresh, or lists what is still unanswered', async () => {
    api.order.mockResolvedValueOnce(detail()).mockResolvedValue(detail({ version: 9 }));
    api.finish.mockRejectedValueOnce(
      new ApiError('Còn 1 mục kiểm tra chưa hoàn tất (mục không đạt cần ghi rõ lý do).', 409, 'CHECKLIST_INCOMPLETE', [], {
        success: false,
        code: 'CHECKLIST_INCOMPLETE',
        data: { pendingItems: [{ id: 11, code: 'brake-pads', label: 'Kiểm tra má phanh' }] },
      }),
    );
    renderChecklist();
    await userEvent.click(await screen.findByRole('button', { name: 'Hoàn thành phiếu PDV261122K7QZ' }));
    expect(api.finish).toHaveBeenCalledWith(7, 9);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Còn 1 mục kiểm tra chưa hoàn tất (mục không đạt cần ghi rõ lý do).');
    expect(within(alert).getByRole('listitem')).toHaveTextContent('Kiểm tra má phanh');
  });
});

describe('/technician/checklists without an order', () => {
  it('lists my orders in progress to choose from', async () => {
    api.queue.mockResolvedValue(queue({ mine: [card(), card({ id: 8, code: 'PDV261122A2B4', status: 'OPEN', statusLabel: 'Đã tiếp nhận' })] }));
    renderChecklist('/technician/checklists');
    const link = await screen.findByRole('link', { name: /Phiếu PDV261122K7QZ · 30A-123.45/ });
    expect(link).toHaveAttribute('href', '/technician/checklists?order=7');
    expect(screen.queryByRole('link', { name: /PDV261122A2B4/ })).not.toBeInTheDocument();
  });

  it('says so for an order id that is not one', () => {
    renderChecklist('/technician/checklists?order=abc');
    expect(screen.getByRole('alert')).toHaveTextContent('Mã phiếu không hợp lệ.');
  });
});
