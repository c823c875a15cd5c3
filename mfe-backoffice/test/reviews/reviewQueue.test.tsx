import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ApiError } from 'shared-contracts';
import type { AdminProductReview, AdminReviewQueue } from 'shared-contracts/schemas';
import { AdminReviewsPage } from '../../src/reviews';
import { reviewsApi } from '../../src/reviews/reviewsApi';

jest.mock('../../src/reviews/reviewsApi', () => ({ reviewsApi: { queue: jest.fn(), reply: jest.fn(), hide: jest.fn(), unhide: jest.fn() } }));

const api = jest.mocked(reviewsApi);

const review = (overrides: Partial<AdminProductReview> = {}): AdminProductReview => ({
  id: 41,
  productId: 7,
  rating: 2,
  text: 'Sạc nóng sau 20 phút <b>rất</b> lo.',
  photos: [{ id: 3, url: '/uploads/reviews/41-1.webp', width: 800, height: 600 }],
  authorName: 'Minh N.',
  verifiedPurchase: true,
  createdAt: '2026-11-20T17:30:00.000Z',
  editedAt: null,
  helpfulCount: 4,
  votedHelpful: false,
  mine: false,
  reply: null,
  productName: 'Bộ sạc pin lithium 48V 3A',
  productSlug: 'bo-sac-pin-lithium-48v-3a',
  orderCode: 'EV2611150007',
  authorEmail: 'minh.nguyen@example.vn',
  hidden: false,
  hiddenReason: null,
  hiddenAt: null,
  reportCount: 2,
  reports: [
    { reason: 'offensive', note: null, createdAt: '2026-11-22T02:00:00.000Z' },
    { reason: 'other', note: 'Không liên quan sản phẩm', createdAt: '2026-11-22T02:00:00.000Z' },
  ],
  ...overrides,
});

const queueOf = (items: AdminProductReview[], counts = { reported: 3, unanswered: 5, hidden: 1 }): AdminReviewQueue => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 20,
  totalPages: 1,
  counts,
});

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/admin/reviews']}>
      <AdminReviewsPage />
    </MemoryRouter>,
  );
}

const card = (name: string) => screen.getByRole('listitem', { name });

beforeEach(() => jest.clearAllMocks());

describe('the admin product-review queue', () => {
  it('shows each queue with its count and switches queue on a tab', async () => {
    api.queue.mockResolvedValue(queueOf([review()]));
    renderPage();
    const tabs = within(await screen.findByRole('group', { name: 'Hàng đợi đánh giá' }));
    expect(await tabs.findByRole('button', { name: 'Bị báo cáo 3' })).toHaveAttribute('aria-pressed', 'true');
    expect(tabs.getByRole('button', { name: 'Chưa trả lời 5' })).toHaveAttribute('aria-pressed', 'false');
    expect(tabs.getByRole('button', { name: 'Đã ẩn 1' })).toBeInTheDocument();
    expect(tabs.getByRole('button', { name: 'Tất cả' })).toBeInTheDocument();
    expect(api.queue).toHaveBeenLastCalledWith({ queue: 'reported', page: 1, productId: undefined }, expect.anything());

    await userEvent.click(tabs.getByRole('button', { name: 'Chưa trả lời 5' }));
    await waitFor(() => expect(api.queue).toHaveBeenLastCalledWith(expect.objectContaining({ queue: 'unanswered', page: 1 }), expect.anything()));
    expect(tabs.getByRole('button', { name: 'Chưa trả lời 5' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows the review as plain text with its product link, photos, author, order, date and report reasons', async () => {
    api.queue.mockResolvedValue(queueOf([review()]));
    renderPage();
    expect(await screen.findByRole('link', { name: 'Bộ sạc pin lithium 48V 3A' })).toHaveAttribute('href', '/products/bo-sac-pin-lithium-48v-3a');
    const item = within(card('Bộ sạc pin lithium 48V 3A'));
    expect(item.getByText('Sạc nóng sau 20 phút <b>rất</b> lo.')).toBeInTheDocument();
    expect(item.getByRole('img', { name: '2/5 sao' })).toBeInTheDocument();
    expect(item.getByRole('img', { name: 'Ảnh 1 của khách' })).toHaveAttribute('src', '/uploads/reviews/41-1.webp');
    expect(item.getByText('Minh N. · minh.nguyen@example.vn')).toBeInTheDocument();
    expect(item.getByText('Đơn hàng EV2611150007')).toBeInTheDocument();
    // 17:30 UTC on the 20th is the 21st in Vietnam
    expect(item.getByText(/Ngày viết/)).toHaveTextContent('Ngày viết 21/11/2026');
    expect(item.getByText('2 báo cáo')).toBeInTheDocument();
    expect(item.getByText(/Ngôn từ thô tục, xúc phạm/)).toBeInTheDocument();
    expect(item.getByText(/Lý do khác – Không liên quan sản phẩm/)).toBeInTheDocument();
    expect(document.querySelector('b')).toBeNull();
  });

  it('hides a review with a required reason, sends it and reloads the queue', async () => {
    api.queue.mockResolvedValueOnce(queueOf([review()])).mockResolvedValue(queueOf([review({ hidden: true, hiddenReason: 'Ngôn từ xúc phạm', hiddenAt: '2026-11-23T03:00:00.000Z' })], { reported: 2, unanswered: 5, hidden: 2 }));
    api.hide.mockResolvedValue(review({ hidden: true }));
    renderPage();
    await screen.findByRole('listitem', { name: 'Bộ sạc pin lithium 48V 3A' });
    await userEvent.click(within(card('Bộ sạc pin lithium 48V 3A')).getByRole('button', { name: 'Ẩn' }));

    const dialog = within(screen.getByRole('dialog', { name: 'Ẩn đánh giá' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Ẩn đánh giá' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('Vui lòng nhập lý do ẩn (ít nhất 3 ký tự).');
    expect(api.hide).not.toHaveBeenCalled();

    await userEvent.type(dialog.getByLabelText('Lý do ẩn'), '  Ngôn từ xúc phạm ');
    await userEvent.click(dialog.getByRole('button', { name: 'Ẩn đánh giá' }));
    expect(api.hide).toHaveBeenCalledWith(41, 'Ngôn từ xúc phạm');
    expect(await screen.findByRole('status')).toHaveTextContent('Đã ẩn đánh giá.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.queue).toHaveBeenCalledTimes(2);
    const item = within(await screen.findByRole('listitem', { name: 'Bộ sạc pin lithium 48V 3A' }));
    expect(await item.findByRole('button', { name: 'Hiện lại' })).toBeInTheDocument();
    expect(item.getByText('Lý do ẩn: Ngôn từ xúc phạm')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Đã ẩn 2' })).toBeInTheDocument();
  });

  it('explains a 409 on hide and reloads the queue', async () => {
    api.queue.mockResolvedValue(queueOf([review()]));
    api.hide.mockRejectedValue(new ApiError('Đánh giá này đã bị ẩn.', 409, 'REVIEW_ALREADY_HIDDEN'));
    renderPage();
    await screen.findByRole('listitem', { name: 'Bộ sạc pin lithium 48V 3A' });
    await userEvent.click(within(card('Bộ sạc pin lithium 48V 3A')).getByRole('button', { name: 'Ẩn' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Ẩn đánh giá' }));
    await userEvent.type(dialog.getByLabelText('Lý do ẩn'), 'Spam');
    await userEvent.click(dialog.getByRole('button', { name: 'Ẩn đánh giá' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Đánh giá này đã bị ẩn.');
    await waitFor(() => expect(api.queue).toHaveBeenCalledTimes(2));
  });

  it('saves the shop reply, then offers to edit it prefilled', async () => {
    const replied = review({ reply: { text: 'Cảm ơn anh, shop sẽ đổi sạc mới.', createdAt: '2026-11-23T03:00:00.000Z', updatedAt: '2026-11-23T03:00:00.000Z' } });
    api.queue.mockResolvedValueOnce(queueOf([review()])).mockResolvedValue(queueOf([replied]));
    api.reply.mockResolvedValue(replied);
    renderPage();
    await screen.findByRole('listitem', { name: 'Bộ sạc pin lithium 48V 3A' });
    await userEvent.click(within(card('Bộ sạc pin lithium 48V 3A')).getByRole('button', { name: 'Trả lời' }));
    const field = screen.getByLabelText('Nội dung trả lời');
    expect(field).toHaveFocus();
    await userEvent.type(field, 'Cảm ơn anh, shop sẽ đổi sạc mới.');
    await userEvent.click(screen.getByRole('button', { name: 'Lưu trả lời' }));
    expect(api.reply).toHaveBeenCalledWith(41, 'Cảm ơn anh, shop sẽ đổi sạc mới.');
    expect(await screen.findByText('Đã lưu trả lời.')).toBeInTheDocument();

    const item = within(card('Bộ sạc pin lithium 48V 3A'));
    expect(await item.findByText('Cảm ơn anh, shop sẽ đổi sạc mới.')).toBeInTheDocument();
    await userEvent.click(item.getByRole('button', { name: 'Sửa trả lời' }));
    expect(item.getByLabelText('Nội dung trả lời')).toHaveValue('Cảm ơn anh, shop sẽ đổi sạc mới.');
  });

  it('keeps the reply open with the server’s message when it is refused', async () => {
    api.queue.mockResolvedValue(queueOf([review()]));
    api.reply.mockRejectedValue(new ApiError('Dữ liệu không hợp lệ.', 422, 'VALIDATION_ERROR', [{ field: 'text', message: 'Trả lời tối đa 2000 ký tự.' }]));
    renderPage();
    await screen.findByRole('listitem', { name: 'Bộ sạc pin lithium 48V 3A' });
    await userEvent.click(screen.getByRole('button', { name: 'Trả lời' }));
    await userEvent.type(screen.getByLabelText('Nội dung trả lời'), 'Dài quá');
    await userEvent.click(screen.getByRole('button', { name: 'Lưu trả lời' }));
    expect(await screen.findByText('Trả lời tối đa 2000 ký tự.')).toBeInTheDocument();
    expect(screen.getByLabelText('Nội dung trả lời')).toHaveValue('Dài quá');
  });

  it('unhides a hidden review and reloads', async () => {
    api.queue.mockResolvedValueOnce(queueOf([review({ hidden: true, hiddenReason: 'Spam' })])).mockResolvedValue(queueOf([review()]));
    api.unhide.mockResolvedValue(review());
    renderPage();
    await screen.findByRole('listitem', { name: 'Bộ sạc pin lithium 48V 3A' });
    await userEvent.click(screen.getByRole('button', { name: 'Hiện lại' }));
    expect(api.unhide).toHaveBeenCalledWith(41);
    expect(await screen.findByText('Đã hiện lại đánh giá.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Ẩn' })).toBeInTheDocument();
  });
});
