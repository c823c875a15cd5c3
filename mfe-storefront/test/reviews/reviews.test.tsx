import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, createApiClient, readData, sessionStore, type Session } from 'shared-contracts';
import { createReviewsApi, type ReviewHelpfulAnswer, type ReviewReportBody } from 'shared-contracts/reviews';
import type { ProductReviewPage, ReviewHelpful, ReviewReportInput } from 'shared-contracts/schemas';
import { reviewsApi } from '../../src/reviews/reviewsApi';
import * as fixtures from '../support/fixtures';
import { answerWithFixtures, api, renderAt } from '../support/render';

jest.mock('../../src/api/storefrontApi');
jest.mock('../../src/reviews/reviewsApi', () => ({
  reviewsApi: { list: jest.fn(), voteHelpful: jest.fn(), unvoteHelpful: jest.fn(), report: jest.fn() },
}));

const reviews = reviewsApi as jest.Mocked<typeof reviewsApi>;
const PRODUCT_URL = '/products/pin-lithium-48v-20ah';

const customer: Session = {
  token: 'access',
  refreshToken: 'refresh',
  user: { id: '42', fullName: 'Nguyễn Minh Anh', email: 'khachhang@evshop.vn', role: 'customer', emailVerified: true, avatar: null },
};

beforeEach(() => {
  jest.resetAllMocks();
  answerWithFixtures();
  act(() => sessionStore.clear());
  reviews.list.mockResolvedValue(fixtures.reviewPage([fixtures.review()]));
});

const lastListQuery = () => reviews.list.mock.calls[reviews.list.mock.calls.length - 1]![1];
const reviewSection = () => screen.findByTestId('product-reviews');
const firstReview = async () => (await screen.findAllByTestId('review'))[0]!;
function jsonLd(): Record<string, unknown> {
  const scripts = document.querySelectorAll('script[type="application/ld+json"]');
  expect(scripts).toHaveLength(1);
  return JSON.parse(scripts[0]!.textContent ?? '') as Record<string, unknown>;
}

describe("the product card's rating", () => {
  it('shows the stars, the vi-VN average and the count, and nothing at all without reviews', async () => {
    api.products.mockResolvedValue(
      fixtures.productPage([
        fixtures.product({ ratingAverage: 4.5, ratingCount: 12 }),
        fixtures.product({ id: 2, slug: 'sac-nhanh-60v', name: 'Bộ sạc nhanh 60V', ratingAverage: 5, ratingCount: 1234 }),
        fixtures.product({ id: 3, slug: 'cap-sac-type-2', name: 'Cáp sạc Type 2', ratingAverage: null, ratingCount: 0 }),
      ]),
    );
    renderAt('/products');
    const cards = await screen.findAllByTestId('product-card');
    expect(within(cards[0]!).getByRole('img', { name: 'Đánh giá 4,5 trên 5 sao' })).toBeInTheDocument();
    expect(within(cards[0]!).getByTestId('card-rating')).toHaveTextContent('4,5(12)');
    expect(within(cards[1]!).getByRole('img', { name: 'Đánh giá 5,0 trên 5 sao' })).toBeInTheDocument();
    expect(within(cards[1]!).getByText('(1.234)')).toBeInTheDocument();
    // the line is there (its height reserved) but empty: no stars, no "0 đánh giá"
    const none = within(cards[2]!).getByTestId('card-rating');
    expect(none).toBeEmptyDOMElement();
    expect(within(cards[2]!).queryByRole('img', { name: /Đánh giá/ })).toBeNull();
    expect(cards[2]).not.toHaveTextContent(/đánh giá|\(0\)/i);
    // the card's own content is unchanged
    expect(within(cards[0]!).getByRole('link', { name: 'Pin lithium 48V 20Ah' })).toHaveAttribute('href', PRODUCT_URL);
    expect(within(cards[0]!).getByText('Còn hàng')).toBeInTheDocument();
  });
});

describe('the product page\'s "Đánh giá sản phẩm"', () => {
  it('asks for the reviews only once the product has arrived', async () => {
    let answer: (product: ReturnType<typeof fixtures.productDetail>) => void = () => undefined;
    api.product.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderAt(PRODUCT_URL);
    await waitFor(() => expect(api.product).toHaveBeenCalled());
    expect(reviews.list).not.toHaveBeenCalled();
    act(() => answer(fixtures.productDetail()));
    expect(await screen.findByRole('heading', { level: 1, name: 'Pin lithium 48V 20Ah' })).toBeInTheDocument();
    await waitFor(() => expect(reviews.list).toHaveBeenCalledWith(1, { sort: 'newest', stars: undefined, withPhotos: undefined, page: 1 }, expect.any(AbortSignal)));
  });

  it('shows the average, the count and the 5★..1★ distribution', async () => {
    renderAt(PRODUCT_URL);
    const section = await reviewSection();
    expect(within(section).getByRole('heading', { level: 2, name: 'Đánh giá sản phẩm' })).toBeInTheDocument();
    expect(await within(section).findByText('4,5/5')).toBeInTheDocument();
    expect(within(section).getByRole('img', { name: 'Đánh giá 4,5 trên 5 sao' })).toBeInTheDocument();
    expect(within(section).getByText('12 đánh giá')).toBeInTheDocument();
    const distribution = within(within(section).getByRole('list', { name: 'Phân bố số sao' }));
    expect(distribution.getAllByRole('button')).toEqual(
      ['5 sao: 8 đánh giá', '4 sao: 3 đánh giá', '3 sao: 0 đánh giá', '2 sao: 1 đánh giá', '1 sao: 0 đánh giá'].map((name) =>
        distribution.getByRole('button', { name }),
      ),
    );
    // named by their content, not an aria-label the visible "5 ★ … 8" would not match (axe: label-content-name-mismatch)
    expect(distribution.getAllByRole('button').filter((bar) => bar.hasAttribute('aria-label'))).toEqual([]);
    expect(within(section).getByText(/Bạn đã mua sản phẩm này\? Đánh giá từ trang/)).toHaveTextContent(
      'Bạn đã mua sản phẩm này? Đánh giá từ trang Đơn hàng của tôi.',
    );
    expect(within(section).getByRole('link', { name: 'Đơn hàng của tôi' })).toHaveAttribute('href', '/orders');
  });

  it('filters by a distribution bar, a star chip and "Có hình ảnh", and "Tất cả" clears them', async () => {
    renderAt(PRODUCT_URL);
    const bar = await screen.findByRole('button', { name: '5 sao: 8 đánh giá' });
    await userEvent.click(bar);
    await waitFor(() => expect(lastListQuery()).toEqual({ sort: 'newest', stars: 5, withPhotos: undefined, page: 1 }));
    expect(bar).toHaveAttribute('aria-pressed', 'true');
    const filters = screen.getByRole('group', { name: 'Lọc đánh giá' });
    expect(within(filters).getByRole('button', { name: '5 sao' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(within(filters).getByRole('button', { name: 'Có hình ảnh (3)' }));
    await waitFor(() => expect(lastListQuery()).toEqual({ sort: 'newest', stars: 5, withPhotos: true, page: 1 }));

    await userEvent.click(within(filters).getByRole('button', { name: '2 sao' }));
    await waitFor(() => expect(lastListQuery()).toEqual({ sort: 'newest', stars: 2, withPhotos: true, page: 1 }));

    await userEvent.click(within(filters).getByRole('button', { name: 'Tất cả' }));
    await waitFor(() => expect(lastListQuery()).toEqual({ sort: 'newest', stars: undefined, withPhotos: undefined, page: 1 }));
    expect(within(filters).getByRole('button', { name: 'Tất cả' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says when no review matches the filter', async () => {
    renderAt(PRODUCT_URL);
    await firstReview();
    reviews.list.mockResolvedValue(fixtures.reviewPage([], { total: 0, totalPages: 0 }));
    await userEvent.click(screen.getByRole('button', { name: '3 sao' }));
    expect(await screen.findByText('Không có đánh giá nào phù hợp với bộ lọc.')).toBeInTheDocument();
    expect(screen.queryAllByTestId('review')).toHaveLength(0);
  });

  it('sorts with the contract\'s labels', async () => {
    renderAt(PRODUCT_URL);
    const sort = await screen.findByRole('combobox', { name: 'Sắp xếp' });
    expect(within(sort).getAllByRole('option').map((option) => option.textContent)).toEqual(['Mới nhất', 'Hữu ích nhất', 'Điểm cao nhất', 'Điểm thấp nhất']);
    await userEvent.selectOptions(sort, 'Hữu ích nhất');
    await waitFor(() => expect(lastListQuery()).toEqual({ sort: 'helpful', stars: undefined, withPhotos: undefined, page: 1 }));
    await userEvent.selectOptions(sort, 'Điểm thấp nhất');
    await waitFor(() => expect(lastListQuery()).toMatchObject({ sort: 'lowest' }));
  });

  it('shows each review: author, "Đã mua hàng", stars, the Vietnam date, "Đã chỉnh sửa", line breaks and the shop\'s reply', async () => {
    reviews.list.mockResolvedValue(
      fixtures.reviewPage([
        fixtures.review({
          text: 'Pin tốt.\nSạc nhanh hơn pin cũ.',
          rating: 4,
          // 17:30 UTC is already the 21st in Hồ Chí Minh City
          createdAt: '2026-11-20T17:30:00.000Z',
          editedAt: '2026-11-22T02:00:00.000Z',
          reply: { text: 'Cảm ơn anh Minh đã tin dùng!\nHẹn gặp lại.', createdAt: '2026-11-23T03:00:00.000Z', updatedAt: '2026-11-23T03:00:00.000Z' },
        }),
        fixtures.review({ id: 2, authorName: 'Lan T.', text: 'Ổn.', createdAt: '2026-11-18T01:00:00.000Z' }),
      ]),
    );
    renderAt(PRODUCT_URL);
    const [first, second] = await screen.findAllByTestId('review');
    expect(first).toHaveTextContent('Minh N.');
    expect(within(first!).getByText('Đã mua hàng')).toBeInTheDocument();
    expect(within(first!).getByRole('img', { name: 'Đánh giá 4,0 trên 5 sao' })).toBeInTheDocument();
    expect(within(first!).getByText('21/11/2026')).toBeInTheDocument();
    expect(within(first!).getByText('Đã chỉnh sửa')).toBeInTheDocument();
    expect(within(first!).getByText(/^Pin tốt\./).textContent).toBe('Pin tốt.\nSạc nhanh hơn pin cũ.');
    const reply = within(first!).getByTestId('review-reply');
    expect(reply).toHaveTextContent('Phản hồi của EV Service');
    expect(reply).toHaveTextContent('23/11/2026');
    expect(within(reply).getByText(/^Cảm ơn anh Minh/).textContent).toBe('Cảm ơn anh Minh đã tin dùng!\nHẹn gặp lại.');
    expect(within(second!).queryByText('Đã chỉnh sửa')).toBeNull();
    expect(within(second!).queryByTestId('review-reply')).toBeNull();
    expect(within(second!).getByText('18/11/2026')).toBeInTheDocument();
  });

  it('shows what a customer wrote as text: markup in it is never HTML', async () => {
    const text = '<img src=x onerror="alert(1)"><b>đậm</b></script><script>alert(1)</script>';
    reviews.list.mockResolvedValue(fixtures.reviewPage([fixtures.review({ text, authorName: '<i>Kẻ</i> X.' })]));
    renderAt(PRODUCT_URL);
    const review = await firstReview();
    expect(within(review).getByText(text)).toBeInTheDocument();
    expect(within(review).getByText('<i>Kẻ</i> X.')).toBeInTheDocument();
    expect(review.querySelector('img, b, i, script')).toBeNull();
  });

  it('opens a photo larger and closes it with Escape', async () => {
    reviews.list.mockResolvedValue(
      fixtures.reviewPage([fixtures.review({ photos: [{ id: 7, url: '/api/media/reviews/7.webp', width: 1200, height: 900 }] })]),
    );
    renderAt(PRODUCT_URL);
    const review = await firstReview();
    await userEvent.click(within(review).getByRole('button', { name: 'Xem ảnh 1 của Minh N.' }));
    const dialog = screen.getByRole('dialog', { name: 'Ảnh 1 của Minh N.' });
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', '/api/media/reviews/7.webp');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('"Hữu ích" votes and takes the vote back, with the count the API answers', async () => {
    act(() => sessionStore.save(customer));
    reviews.voteHelpful.mockResolvedValue({ helpfulCount: 4, votedHelpful: true });
    reviews.unvoteHelpful.mockResolvedValue({ helpfulCount: 3, votedHelpful: false });
    renderAt(PRODUCT_URL);
    const review = await firstReview();
    const helpful = within(review).getByRole('button', { name: 'Hữu ích (3)' });
    expect(helpful).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(helpful);
    expect(reviews.voteHelpful).toHaveBeenCalledWith(1);
    await waitFor(() => expect(helpful).toHaveAccessibleName('Hữu ích (4)'));
    expect(helpful).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(helpful);
    expect(reviews.unvoteHelpful).toHaveBeenCalledWith(1);
    await waitFor(() => expect(helpful).toHaveAccessibleName('Hữu ích (3)'));
    expect(helpful).toHaveAttribute('aria-pressed', 'false');
  });

  it('asks a guest to log in to vote, with a link that comes back to the product', async () => {
    renderAt(PRODUCT_URL);
    const review = await firstReview();
    await userEvent.click(within(review).getByRole('button', { name: 'Hữu ích (3)' }));
    expect(reviews.voteHelpful).not.toHaveBeenCalled();
    expect(within(review).getByRole('alert')).toHaveTextContent('Vui lòng đăng nhập để bình chọn đánh giá hữu ích.');
    expect(within(review).getByRole('link', { name: 'Đăng nhập' })).toHaveAttribute('href', `/auth/login?redirect=${PRODUCT_URL}`);
  });

  it('asks to log in again when the API answers 401, and says why it refuses a vote', async () => {
    act(() => sessionStore.save(customer));
    reviews.voteHelpful.mockRejectedValueOnce(new ApiError('Vui lòng đăng nhập.', 401, 'UNAUTHORIZED'));
    reviews.voteHelpful.mockRejectedValueOnce(new ApiError('Bạn không thể bình chọn đánh giá của chính mình.', 403, 'FORBIDDEN'));
    renderAt(PRODUCT_URL);
    const review = await firstReview();
    const helpful = within(review).getByRole('button', { name: 'Hữu ích (3)' });
    await userEvent.click(helpful);
    expect(await within(review).findByRole('link', { name: 'Đăng nhập' })).toBeInTheDocument();
    await userEvent.click(helpful);
    expect(await within(review).findByText('Bạn không thể bình chọn đánh giá của chính mình.')).toBeInTheDocument();
    expect(helpful).toHaveAccessibleName('Hữu ích (3)');
    expect(helpful).toHaveAttribute('aria-pressed', 'false');
  });

  it("offers neither a vote nor a report on the customer's own review", async () => {
    act(() => sessionStore.save(customer));
    reviews.list.mockResolvedValue(fixtures.reviewPage([fixtures.review({ mine: true })]));
    renderAt(PRODUCT_URL);
    const review = await firstReview();
    expect(within(review).getByRole('button', { name: 'Hữu ích (3)' })).toBeDisabled();
    expect(within(review).queryByRole('button', { name: 'Báo cáo' })).toBeNull();
  });

  it('reports a review with a reason and a note, then thanks the customer', async () => {
    act(() => sessionStore.save(customer));
    reviews.report.mockResolvedValue(undefined);
    renderAt(PRODUCT_URL);
    const review = await firstReview();
    await userEvent.click(within(review).getByRole('button', { name: 'Báo cáo' }));
    const dialog = screen.getByRole('dialog', { name: 'Báo cáo đánh giá' });
    expect(within(dialog).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Spam, quảng cáo',
      'Ngôn từ thô tục, xúc phạm',
      'Sai sự thật, gây hiểu lầm',
      'Lộ thông tin cá nhân',
      'Lý do khác',
    ]);
    // focus starts on the first reason and stays in the dialog
    expect(within(dialog).getByRole('radio', { name: 'Spam, quảng cáo' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Gửi báo cáo' })).toHaveFocus();
    await userEvent.tab();
    expect(within(dialog).getByRole('radio', { name: 'Spam, quảng cáo' })).toHaveFocus();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Gửi báo cáo' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Vui lòng chọn lý do báo cáo.');
    expect(reviews.report).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getByRole('radio', { name: 'Lộ thông tin cá nhân' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Ghi chú (không bắt buộc)' }), '  Có số điện thoại của tôi  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Gửi báo cáo' }));
    expect(reviews.report).toHaveBeenCalledWith(1, { reason: 'personal_info', note: 'Có số điện thoại của tôi' });
    expect(await within(review).findByRole('status')).toHaveTextContent('Đã gửi báo cáo. Cảm ơn bạn!');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(review).getByRole('button', { name: 'Báo cáo' })).toHaveFocus();
  });

  it('keeps the report dialog open with the API\'s message when it fails, and closes on Hủy or Escape', async () => {
    act(() => sessionStore.save(customer));
    reviews.report.mockRejectedValue(new ApiError('Bạn đã báo cáo quá nhiều lần. Vui lòng thử lại sau.', 429, 'RATE_LIMITED'));
    renderAt(PRODUCT_URL);
    const review = await firstReview();
    await userEvent.click(within(review).getByRole('button', { name: 'Báo cáo' }));
    let dialog = screen.getByRole('dialog', { name: 'Báo cáo đánh giá' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Spam, quảng cáo' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Gửi báo cáo' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Bạn đã báo cáo quá nhiều lần. Vui lòng thử lại sau.');
    expect(reviews.report).toHaveBeenCalledWith(1, { reason: 'spam' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hủy' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(review).queryByText('Đã gửi báo cáo. Cảm ơn bạn!')).toBeNull();

    await userEvent.click(within(review).getByRole('button', { name: 'Báo cáo' }));
    dialog = screen.getByRole('dialog', { name: 'Báo cáo đánh giá' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks a guest to log in to report', async () => {
    renderAt(PRODUCT_URL);
    const review = await firstReview();
    await userEvent.click(within(review).getByRole('button', { name: 'Báo cáo' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(review).getByRole('alert')).toHaveTextContent('Vui lòng đăng nhập để báo cáo đánh giá.');
  });

  it('"Xem thêm đánh giá" appends the next page until the last', async () => {
    reviews.list.mockResolvedValueOnce(fixtures.reviewPage([fixtures.review(), fixtures.review({ id: 2, authorName: 'Lan T.' })]));
    reviews.list.mockResolvedValueOnce(fixtures.reviewPage([fixtures.review({ id: 3, authorName: 'Hùng P.' })], { page: 2 }));
    renderAt(PRODUCT_URL);
    expect(await screen.findAllByTestId('review')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Xem thêm đánh giá' }));
    await waitFor(() => expect(screen.getAllByTestId('review')).toHaveLength(3));
    expect(lastListQuery()).toEqual({ sort: 'newest', stars: undefined, withPhotos: undefined, page: 2 });
    expect(screen.getAllByTestId('review')[2]).toHaveTextContent('Hùng P.');
    expect(screen.queryByRole('button', { name: 'Xem thêm đánh giá' })).toBeNull();
  });

  it('says when there is no review yet, without a rating', async () => {
    reviews.list.mockResolvedValue(
      fixtures.reviewPage([], { summary: { average: null, count: 0, distribution: [0, 0, 0, 0, 0], withPhotos: 0 }, total: 0, totalPages: 0 }),
    );
    renderAt(PRODUCT_URL);
    expect(await screen.findByText('Chưa có đánh giá nào cho sản phẩm này.')).toBeInTheDocument();
    const section = await reviewSection();
    expect(within(section).queryByRole('img', { name: /Đánh giá/ })).toBeNull();
    expect(within(section).queryByRole('group', { name: 'Lọc đánh giá' })).toBeNull();
    expect(within(section).getByRole('link', { name: 'Đơn hàng của tôi' })).toHaveAttribute('href', '/orders');
    expect(jsonLd()).not.toHaveProperty('aggregateRating');
    expect(jsonLd()).not.toHaveProperty('review');
  });

  it('shows a loading line, then a failure with Thử lại that loads again', async () => {
    let fail: (error: Error) => void = () => undefined;
    reviews.list.mockReturnValueOnce(new Promise((_, reject) => (fail = reject)));
    renderAt(PRODUCT_URL);
    const section = await reviewSection();
    expect(within(section).getByRole('status')).toHaveTextContent('Đang tải đánh giá...');
    act(() => fail(new ApiError('Lỗi máy chủ.', 500, 'INTERNAL')));
    expect(await within(section).findByRole('alert')).toHaveTextContent('Chưa tải được đánh giá. Vui lòng thử lại.');
    await userEvent.click(within(section).getByRole('button', { name: 'Thử lại' }));
    expect(await screen.findAllByTestId('review')).toHaveLength(1);
    expect(reviews.list).toHaveBeenCalledTimes(2);
  });
});

describe("the product page's structured data", () => {
  it('is a schema.org Product with its offer, AggregateRating and the first five reviews', async () => {
    const six = Array.from({ length: 6 }, (_, index) =>
      fixtures.review({ id: index + 1, authorName: `Khách ${index + 1}`, rating: 5 - (index % 2), text: `Nhận xét ${index + 1}` }),
    );
    reviews.list.mockResolvedValue(fixtures.reviewPage(six));
    renderAt(PRODUCT_URL);
    await screen.findAllByTestId('review');
    const data = jsonLd();
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Pin lithium 48V 20Ah',
      sku: 'PIN-48V-20AH',
      image: [`${window.location.origin}/api/media/catalogue/products/pin-lithium-48v-20ah.svg`],
      brand: { '@type': 'Brand', name: 'VinFast' },
      offers: { '@type': 'Offer', price: 8_900_000, priceCurrency: 'VND', availability: 'https://schema.org/InStock' },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 12 },
    });
    const items = data.review as Array<Record<string, unknown>>;
    expect(items).toHaveLength(5);
    expect(items[1]).toEqual({
      '@type': 'Review',
      author: { '@type': 'Person', name: 'Khách 2' },
      reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 },
      datePublished: '2026-11-21',
      reviewBody: 'Nhận xét 2',
    });
  });

  it('says OutOfStock for a product without stock, and keeps the first reviews while filtering', async () => {
    api.product.mockResolvedValue(fixtures.productDetail({ stock: 0, inStock: false }));
    renderAt(PRODUCT_URL);
    await firstReview();
    expect(jsonLd()).toMatchObject({ offers: { availability: 'https://schema.org/OutOfStock' } });
    reviews.list.mockResolvedValue(fixtures.reviewPage([fixtures.review({ id: 9, rating: 1, text: 'Tệ' })]));
    await userEvent.click(screen.getByRole('button', { name: '1 sao' }));
    await waitFor(() => expect(screen.getByTestId('review')).toHaveTextContent('Tệ'));
    expect((jsonLd().review as Array<{ reviewBody: string }>).map((item) => item.reviewBody)).toEqual([fixtures.review().text]);
  });

  it('escapes "<" so a review can never close its script element', async () => {
    const text = '</script><script>alert(1)</script> & <!-- ok';
    reviews.list.mockResolvedValue(fixtures.reviewPage([fixtures.review({ text })]));
    renderAt(PRODUCT_URL);
    await firstReview();
    const script = document.querySelector('script[type="application/ld+json"]')!;
    const raw = script.textContent ?? '';
    expect(raw).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e \\u0026 \\u003c!-- ok');
    expect(raw).not.toMatch(/[<>&]/);
    expect(script.innerHTML).not.toMatch(/<\/script/i);
    expect((jsonLd().review as Array<{ reviewBody: string }>)[0]!.reviewBody).toBe(text);
    expect(document.querySelectorAll('script')).toHaveLength(1);
  });
});

// The shared calls' own copies of the contract's small shapes (they cannot import the schemas): a type error if they drift.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const contractShapes: [Same<ReviewHelpfulAnswer, ReviewHelpful>, Same<ReviewReportBody, ReviewReportInput>] = [true, true];
void contractShapes;

describe('the review calls', () => {
  it('send the filters, the sort and the page as the query, and the votes and reports to their routes', async () => {
    const requests: Array<{ method: string; url: string; body: unknown }> = [];
    const fetchImpl = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
      requests.push({ method: init?.method ?? 'GET', url: String(url), body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const data = String(url).includes('/helpful') ? { helpfulCount: 4, votedHelpful: true } : fixtures.reviewPage([]);
      const noContent = String(url).endsWith('/reports');
      // what the client reads of a fetch Response (jsdom has no Response)
      return { ok: true, status: noContent ? 204 : 200, text: async () => (noContent ? '' : JSON.stringify({ success: true, data })) } as Response;
    });
    const calls = createReviewsApi<ProductReviewPage>({ apiClient: createApiClient({ baseUrl: 'https://shop.test/api', fetchImpl: fetchImpl as typeof fetch, getToken: () => null }), readData });
    await calls.list(7, { sort: 'highest', stars: 5, withPhotos: true, page: 2 });
    await calls.list(7, { sort: 'newest', withPhotos: false });
    expect(await calls.voteHelpful(3)).toEqual({ helpfulCount: 4, votedHelpful: true });
    await calls.unvoteHelpful(3);
    await calls.report(3, { reason: 'other', note: 'Quảng cáo trá hình' });
    expect(requests).toEqual([
      { method: 'GET', url: 'https://shop.test/api/products/7/reviews?sort=highest&stars=5&withPhotos=true&page=2', body: undefined },
      { method: 'GET', url: 'https://shop.test/api/products/7/reviews?sort=newest', body: undefined },
      { method: 'PUT', url: 'https://shop.test/api/reviews/3/helpful', body: {} },
      { method: 'DELETE', url: 'https://shop.test/api/reviews/3/helpful', body: undefined },
      { method: 'POST', url: 'https://shop.test/api/reviews/3/reports', body: { reason: 'other', note: 'Quảng cáo trá hình' } },
    ]);
  });
});
