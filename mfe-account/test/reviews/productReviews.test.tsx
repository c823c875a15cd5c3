import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionStore } from 'shared-contracts';
import { OrderDetailPage } from '../../src/pages/orders/OrderDetailPage';
import { deferred, fail, logIn, mockFetch, ok, renderAccountPage, type FakeReply, type RecordedCall } from '../helpers';
import { daysFromNow, deliveredOrder, productReview, reviewableLine } from '../reviewFixtures';

type Handlers = Record<string, (call: RecordedCall) => FakeReply | Promise<FakeReply>>;

/** The order EV2611200003 and its reviewable lines; any other call answers 404. */
function serve(handlers: Handlers, order = deliveredOrder()) {
  const all: Handlers = { 'GET /api/orders/EV2611200003': () => ok(order), ...handlers };
  return mockFetch((call) => all[`${call.method} ${call.path}`]?.(call) ?? fail(404, 'Không tìm thấy.', 'NOT_FOUND'));
}

const lineItem = (name: string) => screen.getAllByRole('listitem').find((item) => within(item).queryByRole('link', { name: new RegExp(`^${name} ×`) }))!;
const openPage = async () => {
  renderAccountPage('/orders/:code', <OrderDetailPage />, '/orders/EV2611200003');
  await screen.findByTestId('order-code');
};
const png = (name: string) => new File(['png-bytes'], name, { type: 'image/png' });

beforeEach(() => logIn());
afterEach(() => {
  sessionStore.clear();
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe('reviewing the parts of a received order', () => {
  it('writes a review with stars, text and a photo: the review is posted first, then the photo, and the line shows its stars', async () => {
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:preview-1'), revokeObjectURL: jest.fn() });
    const { calls, fetch } = serve({
      'GET /api/reviews/reviewable': () => ok({ items: [reviewableLine(), reviewableLine({ orderLineId: 502, productId: 7, productSlug: 'cap-sac-type-2', productName: 'Cáp sạc Type 2', image: null })] }),
      'POST /api/reviews': () => ({ status: 201, body: { success: true, message: 'Đã gửi đánh giá.', data: productReview({ text: 'Pin khỏe, đi xa hơn.' }) } }),
      'POST /api/reviews/77/photos': () => ok(productReview({ text: 'Pin khỏe, đi xa hơn.', photos: [{ id: 3, url: '/api/media/reviews/3.webp', width: 800, height: 600 }] })),
    });
    await openPage();
    const battery = lineItem('Pin lithium 48V 20Ah');
    await userEvent.click(await within(battery).findByRole('button', { name: 'Viết đánh giá' }));
    // the package line has no review button
    expect(within(lineItem('Gói tiêu chuẩn')).queryByRole('button', { name: 'Viết đánh giá' })).toBeNull();

    const form = within(battery).getByRole('form', { name: 'Đánh giá Pin lithium 48V 20Ah' });
    const stars = within(form).getByRole('radiogroup', { name: 'Chất lượng sản phẩm' });
    expect(within(stars).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
    await userEvent.click(within(stars).getByRole('radio', { name: '5 sao' }));
    expect(within(stars).getByRole('radio', { name: '5 sao' })).toBeChecked();
    expect(stars).toHaveTextContent('Tuyệt vời');
    await userEvent.click(within(stars).getByRole('radio', { name: '2 sao' }));
    expect(stars).toHaveTextContent('Tệ');
    await userEvent.click(within(stars).getByRole('radio', { name: '5 sao' }));

    await userEvent.type(within(form).getByRole('textbox', { name: /Nội dung đánh giá/ }), 'Pin khỏe, đi xa hơn.');
    expect(within(form).getByText('20/2000')).toBeInTheDocument();
    await userEvent.upload(within(form).getByLabelText('Thêm ảnh'), png('pin.png'));
    expect(within(form).getByRole('img', { name: 'Ảnh 1 của đánh giá' })).toHaveAttribute('src', 'blob:preview-1');

    await userEvent.click(within(form).getByRole('button', { name: 'Gửi đánh giá' }));
    expect(await within(battery).findByText('Cảm ơn bạn đã đánh giá!')).toBeInTheDocument();
    const writes = calls.filter((call) => call.method !== 'GET');
    expect(writes.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/reviews', 'POST /api/reviews/77/photos']);
    expect(writes[0]!.body).toEqual({ orderLineId: 501, rating: 5, text: 'Pin khỏe, đi xa hơn.' });
    const upload = fetch.mock.calls.find(([url]) => String(url).endsWith('/api/reviews/77/photos'))![1] as RequestInit;
    expect(upload.body).toBeInstanceOf(FormData);
    expect(((upload.body as FormData).get('photo') as File).name).toBe('pin.png');

    expect(within(battery).queryByRole('form')).toBeNull();
    expect(within(battery).getByRole('img', { name: '5/5 sao' })).toBeInTheDocument();
    expect(within(battery).getByRole('button', { name: 'Sửa đánh giá' })).toBeInTheDocument();
    // the other line still waits for its review
    expect(within(lineItem('Cáp sạc Type 2')).getByRole('button', { name: 'Viết đánh giá' })).toBeInTheDocument();
  });

  it('keeps the review when a photo is refused, and says why under the photo', async () => {
    const { calls } = serve({
      'GET /api/reviews/reviewable': () => ok({ items: [reviewableLine()] }),
      'POST /api/reviews': () => ({ status: 201, body: { success: true, data: productReview({ rating: 4, text: '' }) } }),
      'POST /api/reviews/77/photos': () =>
        calls.filter((call) => call.path === '/api/reviews/77/photos').length === 1
          ? fail(415, 'Ảnh phải là tệp JPEG, PNG hoặc WebP hợp lệ.', 'UNSUPPORTED_MEDIA_TYPE')
          : ok(productReview({ rating: 4, text: '', photos: [{ id: 4, url: '/api/media/reviews/4.webp', width: 800, height: 600 }] })),
    });
    await openPage();
    const battery = lineItem('Pin lithium 48V 20Ah');
    await userEvent.click(await within(battery).findByRole('button', { name: 'Viết đánh giá' }));
    await userEvent.click(within(battery).getByRole('radio', { name: '4 sao' }));
    await userEvent.upload(within(battery).getByLabelText('Thêm ảnh'), png('hong.png'));
    await userEvent.click(within(battery).getByRole('button', { name: 'Gửi đánh giá' }));

    expect(await within(battery).findByText('Ảnh phải là tệp JPEG, PNG hoặc WebP hợp lệ.')).toBeInTheDocument();
    // the review was written: the form goes on as its edit, the photo waits to be tried again or left out
    expect(within(battery).getByRole('form', { name: 'Sửa đánh giá Pin lithium 48V 20Ah' })).toBeInTheDocument();
    expect(within(battery).getByRole('button', { name: 'Lưu thay đổi' })).toBeEnabled();
    expect(within(battery).getByText('hong.png')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['/api/reviews', '/api/reviews/77/photos']);

    // tried again, the photo goes through: no second review is written
    await userEvent.click(within(battery).getByRole('button', { name: 'Lưu thay đổi' }));
    expect(await within(battery).findByText('Cảm ơn bạn đã đánh giá!')).toBeInTheDocument();
    expect(calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /api/reviews',
      'POST /api/reviews/77/photos',
      'POST /api/reviews/77/photos',
    ]);
    expect(within(battery).getByRole('img', { name: '4/5 sao' })).toBeInTheDocument();
  });

  it('checks photos before sending (JPEG, PNG or WebP; four at most) and shows the upload progress', async () => {
    const firstPhoto = deferred<FakeReply>();
    const { calls } = serve({
      'GET /api/reviews/reviewable': () => ok({ items: [reviewableLine()] }),
      'POST /api/reviews': () => ({ status: 201, body: { success: true, data: productReview() } }),
      'POST /api/reviews/77/photos': () => (calls.filter((call) => call.path === '/api/reviews/77/photos').length === 1 ? firstPhoto.promise : ok(productReview())),
    });
    const user = userEvent.setup({ applyAccept: false });
    await openPage();
    const battery = lineItem('Pin lithium 48V 20Ah');
    await user.click(await within(battery).findByRole('button', { name: 'Viết đánh giá' }));
    await user.upload(within(battery).getByLabelText('Thêm ảnh'), new File(['gif'], 'dong.gif', { type: 'image/gif' }));
    expect(within(battery).getByText('dong.gif: Ảnh phải là tệp JPEG, PNG hoặc WebP.')).toBeInTheDocument();
    await user.upload(within(battery).getByLabelText('Thêm ảnh'), new File([new Uint8Array(8 * 1024 * 1024 + 1)], 'lon.jpg', { type: 'image/jpeg' }));
    expect(within(battery).getByText('lon.jpg: Mỗi ảnh tối đa 8 MB.')).toBeInTheDocument();

    await user.upload(within(battery).getByLabelText('Thêm ảnh'), ['1', '2', '3', '4', '5'].map((n) => png(`anh-${n}.png`)));
    expect(within(battery).getByText('Mỗi đánh giá có tối đa 4 ảnh.')).toBeInTheDocument();
    expect(within(battery).getAllByRole('img', { name: /^Ảnh \d của đánh giá$/ })).toHaveLength(4);
    expect(within(battery).queryByLabelText('Thêm ảnh')).toBeNull();
    await user.click(within(battery).getByRole('button', { name: 'Bỏ ảnh 4' }));
    await user.click(within(battery).getByRole('button', { name: 'Bỏ ảnh 3' }));
    expect(within(battery).getByLabelText('Thêm ảnh')).toBeInTheDocument();

    await user.click(within(battery).getByRole('radio', { name: '5 sao' }));
    await user.click(within(battery).getByRole('button', { name: 'Gửi đánh giá' }));
    expect(await within(battery).findByText('Đang tải ảnh 1/2...')).toBeInTheDocument();
    expect(within(battery).getByRole('button', { name: 'Gửi đánh giá' })).toBeDisabled();
    await act(async () => firstPhoto.resolve(ok(productReview())));
    expect(await within(battery).findByText('Cảm ơn bạn đã đánh giá!')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['/api/reviews', '/api/reviews/77/photos', '/api/reviews/77/photos']);
  });

  it('refuses more than 2000 characters before sending, and asks for the stars', async () => {
    const { calls } = serve({ 'GET /api/reviews/reviewable': () => ok({ items: [reviewableLine()] }) });
    await openPage();
    const battery = lineItem('Pin lithium 48V 20Ah');
    await userEvent.click(await within(battery).findByRole('button', { name: 'Viết đánh giá' }));
    const text = within(battery).getByRole('textbox', { name: /Nội dung đánh giá/ });
    fireEvent.change(text, { target: { value: 'a'.repeat(2001) } });
    expect(within(battery).getByText('2001/2000')).toBeInTheDocument();
    expect(within(battery).getByText('Nội dung đánh giá tối đa 2000 ký tự.')).toBeInTheDocument();
    expect(text).toHaveAttribute('aria-invalid', 'true');

    await userEvent.click(within(battery).getByRole('button', { name: 'Gửi đánh giá' }));
    expect(within(battery).getByText('Vui lòng chọn từ 1 đến 5 sao.')).toBeInTheDocument();
    await userEvent.click(within(battery).getByRole('radio', { name: '3 sao' }));
    await userEvent.click(within(battery).getByRole('button', { name: 'Gửi đánh giá' }));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    fireEvent.change(text, { target: { value: 'a'.repeat(2000) } });
    expect(within(battery).getByText('2000/2000')).toBeInTheDocument();
    expect(within(battery).queryByText('Nội dung đánh giá tối đa 2000 ký tự.')).toBeNull();
  });

  it('shows the refusal in Vietnamese (409 already reviewed) and keeps what was written', async () => {
    serve({
      'GET /api/reviews/reviewable': () => ok({ items: [reviewableLine()] }),
      'POST /api/reviews': () => fail(409, 'Bạn đã đánh giá sản phẩm này cho đơn hàng này.', 'ALREADY_REVIEWED'),
    });
    await openPage();
    const battery = lineItem('Pin lithium 48V 20Ah');
    await userEvent.click(await within(battery).findByRole('button', { name: 'Viết đánh giá' }));
    await userEvent.click(within(battery).getByRole('radio', { name: '4 sao' }));
    await userEvent.type(within(battery).getByRole('textbox', { name: /Nội dung đánh giá/ }), 'Tốt');
    await userEvent.click(within(battery).getByRole('button', { name: 'Gửi đánh giá' }));

    expect(await within(battery).findByRole('alert')).toHaveTextContent('Bạn đã đánh giá sản phẩm này cho đơn hàng này.');
    expect(within(battery).getByRole('textbox', { name: /Nội dung đánh giá/ })).toHaveValue('Tốt');
    expect(within(battery).getByRole('radio', { name: '4 sao' })).toBeChecked();
    expect(within(battery).getByRole('button', { name: 'Gửi đánh giá' })).toBeEnabled();
  });

  it('edits a review within its window (PATCH), and shows only the stars once the window has passed', async () => {
    const mine = productReview({ rating: 3, text: 'Tạm được.' });
    const { calls } = serve({
      'GET /api/reviews/reviewable': () =>
        ok({
          items: [
            reviewableLine({ review: mine, editableUntil: daysFromNow(28) }),
            reviewableLine({ orderLineId: 502, productId: 7, productSlug: 'cap-sac-type-2', productName: 'Cáp sạc Type 2', review: productReview({ id: 78, productId: 7, rating: 4 }), editableUntil: daysFromNow(-1) }),
          ],
        }),
      'PATCH /api/reviews/77': (call) => ok(productReview({ ...(call.body as object), editedAt: new Date().toISOString() })),
    });
    await openPage();
    const cable = lineItem('Cáp sạc Type 2');
    expect(await within(cable).findByRole('img', { name: '4/5 sao' })).toBeInTheDocument();
    expect(within(cable).queryByRole('button', { name: 'Sửa đánh giá' })).toBeNull();
    expect(within(cable).queryByRole('button', { name: 'Xóa đánh giá' })).toBeNull();

    const battery = lineItem('Pin lithium 48V 20Ah');
    expect(within(battery).getByRole('img', { name: '3/5 sao' })).toBeInTheDocument();
    await userEvent.click(within(battery).getByRole('button', { name: 'Sửa đánh giá' }));
    const form = within(battery).getByRole('form', { name: 'Sửa đánh giá Pin lithium 48V 20Ah' });
    expect(within(form).getByRole('radio', { name: '3 sao' })).toBeChecked();
    expect(within(form).getByRole('textbox', { name: /Nội dung đánh giá/ })).toHaveValue('Tạm được.');
    await userEvent.click(within(form).getByRole('radio', { name: '4 sao' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Lưu thay đổi' }));

    expect(await within(battery).findByText('Đã cập nhật đánh giá của bạn.')).toBeInTheDocument();
    const patch = calls.find((call) => call.method === 'PATCH')!;
    expect(patch.body).toEqual({ rating: 4, text: 'Tạm được.' });
    expect(within(battery).getByRole('img', { name: '4/5 sao' })).toBeInTheDocument();
  });

  it('deletes a review after a confirmation', async () => {
    const { calls } = serve({
      'GET /api/reviews/reviewable': () => ok({ items: [reviewableLine({ review: productReview(), editableUntil: daysFromNow(28) })] }),
      'DELETE /api/reviews/77': () => ({ status: 204 }),
    });
    await openPage();
    const battery = lineItem('Pin lithium 48V 20Ah');
    await userEvent.click(await within(battery).findByRole('button', { name: 'Xóa đánh giá' }));
    await userEvent.click(within(battery).getByRole('button', { name: 'Không xóa' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await userEvent.click(within(battery).getByRole('button', { name: 'Xóa đánh giá' }));
    await userEvent.click(within(battery).getByRole('button', { name: 'Xác nhận xóa' }));
    expect(await within(battery).findByText('Đã xóa đánh giá.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/api/reviews/77']);
    expect(within(battery).getByRole('button', { name: 'Viết đánh giá' })).toBeInTheDocument();
    expect(within(battery).queryByRole('img', { name: /\/5 sao/ })).toBeNull();
  });

  it('offers no review before the order is received', async () => {
    const { calls } = serve({ 'GET /api/reviews/reviewable': () => ok({ items: [reviewableLine()] }) }, deliveredOrder({ status: 'SHIPPING', statusLabel: 'Đang giao hàng' }));
    await openPage();
    await act(async () => undefined);
    expect(screen.queryByRole('button', { name: 'Viết đánh giá' })).toBeNull();
    expect(calls.some((call) => call.path === '/api/reviews/reviewable')).toBe(false);
  });

  it('lets a line be reviewed from the keyboard alone', async () => {
    serve({ 'GET /api/reviews/reviewable': () => ok({ items: [reviewableLine()] }) });
    await openPage();
    const battery = lineItem('Pin lithium 48V 20Ah');
    (await within(battery).findByRole('button', { name: 'Viết đánh giá' })).focus();
    await userEvent.keyboard('{Enter}');
    const form = within(battery).getByRole('form', { name: 'Đánh giá Pin lithium 48V 20Ah' });
    await waitFor(() => expect(within(form).getByRole('heading')).toHaveFocus());
    await userEvent.tab();
    expect(within(form).getByRole('radio', { name: '1 sao' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(within(form).getByRole('radio', { name: '3 sao' })).toBeChecked();
    expect(form).toHaveTextContent('Bình thường');
  });
});
