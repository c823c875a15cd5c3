import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { messagesApi } from '../../src/messages/messagesApi';
import { fetchPhoto } from '../../src/messages/photoFiles';
import { ChecklistsPage } from '../../src/pages/technician/ChecklistsPage';
import { technicianApi } from '../../src/technician/technicianApi';
import { detail } from '../technicianFixtures';
import { message, summary, thread } from './messageFixtures';

jest.mock('../../src/technician/technicianApi');
jest.mock('../../src/floorEvents', () => ({ useFloorEvents: () => 'live', LiveStatus: () => null }));
jest.mock('../../src/messages/photoFiles', () => ({ fetchPhoto: jest.fn() }));
jest.mock('../../src/messages/messagesApi', () => ({
  messagesApi: { serviceOrderThread: jest.fn(), thread: jest.fn(), uploadPhoto: jest.fn(), send: jest.fn(), markRead: jest.fn() },
}));

const api = jest.mocked(messagesApi);
const technician = jest.mocked(technicianApi);
const photoFetch = jest.mocked(fetchPhoto);

function renderChecklist() {
  return render(
    <MemoryRouter initialEntries={['/technician/checklists?order=7']}>
      <Routes>
        <Route path="/technician/checklists" element={<ChecklistsPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeAll(() => {
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:photo'), revokeObjectURL: jest.fn() });
});

beforeEach(() => {
  jest.resetAllMocks();
  (URL.createObjectURL as jest.Mock).mockReturnValue('blob:photo');
  technician.order.mockResolvedValue(detail());
  api.serviceOrderThread.mockResolvedValue(thread({ conversation: summary({ unreadCount: 0 }) }));
  photoFetch.mockResolvedValue(new Blob(['webp']));
});

describe('the checklist’s “Nhắn khách” panel', () => {
  it('opens the car’s thread only when asked', async () => {
    renderChecklist();
    const open = await screen.findByRole('button', { name: 'Mở tin nhắn với khách' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    expect(api.serviceOrderThread).not.toHaveBeenCalled();
    await userEvent.click(open);
    expect(api.serviceOrderThread).toHaveBeenCalledWith(7, expect.anything());
    const messages = await screen.findByRole('list', { name: 'Tin nhắn gần đây' });
    expect(within(messages).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Ẩn tin nhắn với khách' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('sends the customer a photo with an optional text, and shows it in the thread', async () => {
    const file = new File([new Uint8Array(20)], 'ma-phanh.jpg', { type: 'image/jpeg' });
    const uploaded = { id: 91, url: '/api/staff/conversations/3/photos/91', width: 1600, height: 1200 };
    api.uploadPhoto.mockResolvedValue(uploaded);
    api.send.mockResolvedValue(
      message(50, { side: 'centre', authorName: 'Trần Kỹ Thuật · Kỹ thuật viên', mine: true, text: 'Anh/chị xem má phanh này đã mòn ạ.', photos: [uploaded], createdAt: '2026-11-27T03:00:00.000Z' }),
    );
    renderChecklist();
    await userEvent.click(await screen.findByRole('button', { name: 'Mở tin nhắn với khách' }));
    const input = await screen.findByLabelText('Gửi ảnh cho khách');
    expect(input).toHaveAttribute('capture', 'environment');
    await userEvent.upload(input, file);
    expect(api.uploadPhoto).toHaveBeenCalledWith(3, file);
    await screen.findByRole('button', { name: 'Bỏ ảnh 1' });

    await userEvent.type(screen.getByRole('textbox', { name: 'Lời nhắn kèm ảnh (không bắt buộc)' }), 'Anh/chị xem má phanh này đã mòn ạ.');
    await userEvent.click(screen.getByRole('button', { name: 'Gửi' }));
    expect(api.send).toHaveBeenCalledWith(3, 'Anh/chị xem má phanh này đã mòn ạ.', [91]);
    expect(await screen.findByText('Đã gửi ảnh cho khách.')).toBeInTheDocument();
    const messages = screen.getByRole('list', { name: 'Tin nhắn gần đây' });
    await waitFor(() => expect(within(messages).getAllByRole('listitem')).toHaveLength(4));
    // the private photo is fetched with the session's token and shown from the blob
    expect(await screen.findByRole('img', { name: 'Ảnh 1 của Trần Kỹ Thuật · Kỹ thuật viên' })).toHaveAttribute('src', 'blob:photo');
    expect(photoFetch).toHaveBeenCalledWith('/api/staff/conversations/3/photos/91');
    expect(screen.queryByRole('button', { name: 'Bỏ ảnh 1' })).not.toBeInTheDocument();
  });

  it('sends a photo without text, and refuses what is not an image or too large before sending', async () => {
    api.uploadPhoto.mockResolvedValue({ id: 92, url: '/api/staff/conversations/3/photos/92', width: 800, height: 600 });
    api.send.mockResolvedValue(message(51, { side: 'centre', authorName: 'Trần Kỹ Thuật · Kỹ thuật viên', text: '', photos: [] }));
    renderChecklist();
    await userEvent.click(await screen.findByRole('button', { name: 'Mở tin nhắn với khách' }));
    const input = await screen.findByLabelText('Gửi ảnh cho khách');
    await userEvent.upload(input, new File(['%PDF'], 'bao-gia.pdf', { type: 'application/pdf' }), { applyAccept: false });
    expect(screen.getByRole('alert')).toHaveTextContent('Chỉ nhận ảnh JPEG, PNG hoặc WebP.');
    await userEvent.upload(input, new File([new Uint8Array(8 * 1024 * 1024 + 1)], 'lon.jpg', { type: 'image/jpeg' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Ảnh vượt quá 8 MB, vui lòng chọn ảnh nhỏ hơn.');
    expect(api.uploadPhoto).not.toHaveBeenCalled();

    await userEvent.upload(input, new File([new Uint8Array(5)], 'lop.png', { type: 'image/png' }));
    await screen.findByRole('button', { name: 'Bỏ ảnh 1' });
    await userEvent.click(screen.getByRole('button', { name: 'Gửi' }));
    expect(api.send).toHaveBeenCalledWith(3, '', [92]);
  });
});
