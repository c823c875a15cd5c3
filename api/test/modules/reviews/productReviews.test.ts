import { errorEnvelopeSchema, productReviewPageSchema, productReviewSchema, reviewableLinesSchema, adminReviewQueueSchema, adminProductReviewSchema, type ProductReviewPage } from 'shared-contracts/schemas';
import { z } from 'zod';
import type { App } from '../../../src/app';
import { outboxCount, type AuthTestApp } from '../../support/authTestKit';
import { pngDeclaring, plainPng } from '../../support/hostileImages';
import { createProduct, createUser, startShopApp, type TestUser } from '../../support/shopTestKit';
import { testDatabases, useScratchDatabase } from '../../support/testDatabases';
import { orderLine } from './productReviewsKit';

const reviewAnswer = z.object({ data: productReviewSchema });
const pageAnswer = z.object({ data: productReviewPageSchema });
const adminAnswer = z.object({ data: adminProductReviewSchema });
const DAY = 86_400_000;

function photoForm(bytes: Buffer, field = 'photo') {
  const boundary = '----review-photo';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="anh.png"\r\nContent-Type: image/png\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(testDatabases())('product reviews on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let shop: AuthTestApp;
  let app: App;
  let admin: TestUser;

  beforeAll(async () => {
    shop = await startShopApp(scratch.db);
    app = shop.app;
    admin = await createUser(app, scratch.db, { role: 'admin' });
  });
  afterAll(() => shop.close());

  const post = (user: TestUser, payload: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/reviews', headers: user.headers, payload });
  const patch = (user: TestUser, id: number, payload: Record<string, unknown>) => app.inject({ method: 'PATCH', url: `/api/reviews/${id}`, headers: user.headers, payload });
  const page = async (productId: number, query = '', user?: TestUser): Promise<ProductReviewPage> => {
    const response = await app.inject({ method: 'GET', url: `/api/products/${productId}/reviews${query}`, headers: user?.headers });
    expect(response.statusCode).toBe(200);
    return pageAnswer.parse(response.json()).data;
  };
  const write = async (user: TestUser, productId: number, rating: number, text = 'Hàng tốt, giao nhanh.') => {
    const { lineId } = await orderLine(scratch.db, user.id, productId);
    const response = await post(user, { orderLineId: lineId, rating, text });
    expect(response.statusCode).toBe(201);
    return reviewAnswer.parse(response.json()).data;
  };
  const message = (response: { json(): unknown }) => errorEnvelopeSchema.parse(response.json()).message;
  const card = async (productId: number) => {
    const product = await scratch.db.selectFrom('products').select('slug').where('id', '=', productId).executeTakeFirstOrThrow();
    const detail = await app.inject({ method: 'GET', url: `/api/products/${product.slug}` });
    expect(detail.statusCode).toBe(200);
    const data = detail.json().data as { ratingAverage: number | null; ratingCount: number };
    return { ratingAverage: data.ratingAverage, ratingCount: data.ratingCount };
  };
  const hide = (id: number, reason = 'Ngôn từ không phù hợp') => app.inject({ method: 'POST', url: `/api/admin/reviews/${id}/hide`, headers: admin.headers, payload: { reason } });

  it('lets only the buyer of a received line review it: others 403, a guessed line 404', async () => {
    const buyer = await createUser(app, scratch.db);
    const other = await createUser(app, scratch.db);
    const product = await createProduct(scratch.db, { price: 350_000, stock: 3, name: 'Bộ sạc nhanh 60V' });
    const delivered = await orderLine(scratch.db, buyer.id, product.id, 'DELIVERED');
    const shipping = await orderLine(scratch.db, buyer.id, product.id, 'SHIPPING');
    const completed = await orderLine(scratch.db, buyer.id, product.id, 'COMPLETED');

    const notYours = await post(other, { orderLineId: delivered.lineId, rating: 5, text: 'Tốt' });
    expect(notYours.statusCode).toBe(403);
    expect(message(notYours)).toBe('Bạn chỉ có thể đánh giá sản phẩm đã mua và đã nhận hàng.');
    const notReceived = await post(buyer, { orderLineId: shipping.lineId, rating: 5 });
    expect(notReceived.statusCode).toBe(403);
    const guessed = await post(buyer, { orderLineId: 2_000_000_000, rating: 5 });
    expect(guessed.statusCode).toBe(404);
    expect(message(guessed)).toBe('Không tìm thấy sản phẩm trong đơn hàng.');
    const staff = await createUser(app, scratch.db, { role: 'staff' });
    expect((await post(staff, { orderLineId: delivered.lineId, rating: 5 })).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: '/api/reviews', payload: { orderLineId: delivered.lineId, rating: 5 } })).statusCode).toBe(401);
    expect((await post(buyer, { orderLineId: delivered.lineId, rating: 6 })).statusCode).toBe(400);

    const created = await post(buyer, { orderLineId: delivered.lineId, rating: 4, text: 'Sạc nhanh, dây dài.' });
    expect(created.statusCode).toBe(201);
    expect(reviewAnswer.parse(created.json()).data).toMatchObject({ rating: 4, text: 'Sạc nhanh, dây dài.', authorName: 'Hàng T.', verifiedPurchase: true, mine: true, editedAt: null, reply: null });
    expect((await post(buyer, { orderLineId: completed.lineId, rating: 2 })).statusCode).toBe(201);
    expect((await post(buyer, { orderLineId: delivered.lineId, rating: 5 })).statusCode).toBe(409);

    const reviewable = reviewableLinesSchema.parse((await app.inject({ method: 'GET', url: '/api/reviews/reviewable', headers: buyer.headers })).json().data);
    expect(reviewable.items.map((item) => item.orderLineId).sort()).toEqual([delivered.lineId, completed.lineId].sort());
    expect(reviewable.items.find((item) => item.orderLineId === delivered.lineId)?.review?.rating).toBe(4);
    expect(await card(product.id)).toEqual({ ratingAverage: 3, ratingCount: 2 });
  });

  it('keeps one review for 12 posts of one line at the same moment, the others 409', async () => {
    const buyer = await createUser(app, scratch.db);
    const product = await createProduct(scratch.db, { price: 120_000, stock: 2 });
    const { lineId } = await orderLine(scratch.db, buyer.id, product.id);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => post(buyer, { orderLineId: lineId, rating: (i % 5) + 1, text: `Lần ${i}` })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, ...Array<number>(11).fill(409)]);
    const rows = await scratch.db.selectFrom('product_reviews').select('rating').where('order_line_id', '=', lineId).execute();
    expect(rows).toHaveLength(1);
    const summary = (await page(product.id)).summary;
    expect(summary.count).toBe(1);
    expect(summary.average).toBe(rows[0]!.rating);
  });

  it('keeps the average, count and distribution exact through edits, hides, unhides and deletions', async () => {
    const product = await createProduct(scratch.db, { price: 2_500_000, stock: 5, name: 'Pin lithium 48V 20Ah' });
    const authors = await Promise.all(Array.from({ length: 4 }, () => createUser(app, scratch.db)));
    const reviews = [];
    for (const [i, rating] of [5, 4, 4, 1].entries()) reviews.push(await write(authors[i]!, product.id, rating));
    let summary = (await page(product.id)).summary;
    expect(summary).toMatchObject({ average: 3.5, count: 4, distribution: [1, 0, 0, 2, 1] });
    expect(await card(product.id)).toEqual({ ratingAverage: 3.5, ratingCount: 4 });

    const edited = await patch(authors[3]!, reviews[3]!.id, { rating: 2 });
    expect(edited.statusCode).toBe(200);
    expect(reviewAnswer.parse(edited.json()).data.editedAt).not.toBeNull();
    summary = (await page(product.id)).summary;
    expect(summary).toMatchObject({ average: 3.8, count: 4, distribution: [0, 1, 0, 2, 1] });

    // Hidden: out of the averages and of the public list, the author told by email, audited.
    const hidden = await hide(reviews[0]!.id);
    expect(hidden.statusCode).toBe(200);
    expect(adminAnswer.parse(hidden.json()).data).toMatchObject({ hidden: true, hiddenReason: 'Ngôn từ không phù hợp' });
    expect(await outboxCount(scratch.db, authors[0]!.email, 'product_review_hidden')).toBe(1);
    const afterHide = await page(product.id);
    expect(afterHide.summary).toMatchObject({ average: 3.3, count: 3, distribution: [0, 1, 0, 2, 0] });
    expect(afterHide.items.map((item) => item.id)).not.toContain(reviews[0]!.id);
    expect(await card(product.id)).toEqual({ ratingAverage: 3.3, ratingCount: 3 });
    expect((await hide(reviews[0]!.id)).statusCode).toBe(409);
    const list = await app.inject({ method: 'GET', url: `/api/products?pageSize=48&sort=newest` });
    const onCard = (list.json().data.items as Array<{ id: number; ratingAverage: number | null; ratingCount: number }>).find((item) => item.id === product.id);
    expect(onCard).toMatchObject({ ratingAverage: 3.3, ratingCount: 3 });

    expect((await app.inject({ method: 'POST', url: `/api/admin/reviews/${reviews[0]!.id}/unhide`, headers: admin.headers })).statusCode).toBe(200);
    expect((await page(product.id)).summary).toMatchObject({ average: 3.8, count: 4 });
    const events = await scratch.db.selectFrom('product_review_moderation_events').select(['action', 'reason', 'actor_user_id']).where('review_id', '=', reviews[0]!.id).orderBy('id').execute();
    expect(events).toEqual([
      { action: 'hide', reason: 'Ngôn từ không phù hợp', actor_user_id: admin.id },
      { action: 'unhide', reason: null, actor_user_id: admin.id },
    ]);

    expect((await app.inject({ method: 'DELETE', url: `/api/reviews/${reviews[1]!.id}`, headers: authors[0]!.headers })).statusCode).toBe(403);
    expect((await app.inject({ method: 'DELETE', url: `/api/reviews/${reviews[1]!.id}`, headers: authors[1]!.headers })).statusCode).toBe(204);
    expect((await page(product.id)).summary).toMatchObject({ average: 3.7, count: 3, distribution: [0, 1, 0, 1, 1] });
    expect(await card(product.id)).toEqual({ ratingAverage: 3.7, ratingCount: 3 });
  });

  it('sorts and filters the public page', async () => {
    const product = await createProduct(scratch.db, { price: 900_000, stock: 5 });
    const authors = await Promise.all(Array.from({ length: 3 }, () => createUser(app, scratch.db)));
    const voter = await createUser(app, scratch.db);
    const low = await write(authors[0]!, product.id, 2);
    shop.clock.advance(60_000);
    const high = await write(authors[1]!, product.id, 5);
    shop.clock.advance(60_000);
    const mid = await write(authors[2]!, product.id, 4);
    await app.inject({ method: 'PUT', url: `/api/reviews/${low.id}/helpful`, headers: voter.headers });
    expect((await page(product.id)).items.map((item) => item.id)).toEqual([mid.id, high.id, low.id]);
    expect((await page(product.id, '?sort=helpful')).items[0]!.id).toBe(low.id);
    expect((await page(product.id, '?sort=highest')).items.map((item) => item.rating)).toEqual([5, 4, 2]);
    expect((await page(product.id, '?sort=lowest')).items.map((item) => item.rating)).toEqual([2, 4, 5]);
    const fives = await page(product.id, '?stars=5');
    expect([fives.total, fives.items.map((item) => item.id)]).toEqual([1, [high.id]]);
    expect((await page(product.id, '?withPhotos=true')).total).toBe(0);
    const paged = await page(product.id, '?pageSize=2&page=2');
    expect([paged.total, paged.totalPages, paged.items.length]).toEqual([3, 2, 1]);
    expect((await app.inject({ method: 'GET', url: `/api/products/${product.id}/reviews?pageSize=100` })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: `/api/products/2000000000/reviews` })).statusCode).toBe(404);
    expect((await page(product.id, '', voter)).items.find((item) => item.id === low.id)?.votedHelpful).toBe(true);
  });

  it('bounds photos: 4 per review, a 5th, a non-image or an oversize one refused in Vietnamese', async () => {
    const author = await createUser(app, scratch.db);
    const product = await createProduct(scratch.db, { price: 450_000, stock: 5, name: 'Lốp không săm 90/90-12' });
    const review = await write(author, product.id, 5);
    const upload = (bytes: Buffer, user: TestUser = author) => {
      const form = photoForm(bytes);
      return app.inject({ method: 'POST', url: `/api/reviews/${review.id}/photos`, headers: { ...user.headers, ...form.headers }, payload: form.payload });
    };
    const png = await plainPng(640, 480);
    expect((await upload(png, await createUser(app, scratch.db))).statusCode).toBe(403);
    let last = null;
    for (let i = 0; i < 4; i += 1) {
      last = await upload(png);
      expect(last.statusCode).toBe(201);
    }
    const withFour = reviewAnswer.parse(last!.json()).data;
    expect(withFour.photos).toHaveLength(4);
    expect(withFour.photos[0]).toMatchObject({ width: 640, height: 480 });
    const fifth = await upload(png);
    expect(fifth.statusCode).toBe(409);
    expect(message(fifth)).toBe('Mỗi đánh giá có tối đa 4 ảnh.');
    expect((await page(product.id, '?withPhotos=1')).summary.withPhotos).toBe(1);

    const served = await app.inject({ method: 'GET', url: withFour.photos[0]!.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');

    const removed = await app.inject({ method: 'DELETE', url: `/api/reviews/${review.id}/photos/${withFour.photos[0]!.id}`, headers: author.headers });
    expect(removed.statusCode).toBe(200);
    expect(reviewAnswer.parse(removed.json()).data.photos).toHaveLength(3);
    expect((await app.inject({ method: 'GET', url: withFour.photos[0]!.url })).statusCode).toBe(404);

    const text = await upload(Buffer.from('<script>alert(1)</script>'));
    expect(text.statusCode).toBe(415);
    expect(message(text)).toBe('Ảnh phải là tệp JPEG, PNG hoặc WebP.');
    const bomb = await upload(await pngDeclaring(30_000, 30_000));
    expect(bomb.statusCode).toBe(422);
    expect(message(bomb)).toMatch(/^Ảnh có kích thước quá lớn/);
    const tooBig = await upload(Buffer.concat([png, Buffer.alloc(8 * 1024 * 1024)]));
    expect(tooBig.statusCode).toBe(413);
    expect(message(tooBig)).toBe('Ảnh quá lớn (tối đa 8 MB).');
    expect(await scratch.db.selectFrom('product_review_photos').select('id').where('review_id', '=', review.id).execute()).toHaveLength(3);
  });

  it('counts one "Hữu ích" per account, never on one’s own review', async () => {
    const author = await createUser(app, scratch.db);
    const voter = await createUser(app, scratch.db);
    const product = await createProduct(scratch.db, { price: 180_000, stock: 5 });
    const review = await write(author, product.id, 4);
    const vote = (user: TestUser, method: 'PUT' | 'DELETE') => app.inject({ method, url: `/api/reviews/${review.id}/helpful`, headers: user.headers });
    const own = await vote(author, 'PUT');
    expect(own.statusCode).toBe(403);
    expect(message(own)).toBe('Bạn không thể đánh dấu hữu ích cho đánh giá của chính mình.');
    expect((await app.inject({ method: 'PUT', url: `/api/reviews/${review.id}/helpful` })).statusCode).toBe(401);
    const answers = await Promise.all([vote(voter, 'PUT'), vote(voter, 'PUT'), vote(voter, 'PUT')]);
    expect(answers.map((answer) => answer.json().data)).toEqual(Array(3).fill({ helpfulCount: 1, votedHelpful: true }));
    expect((await vote(voter, 'DELETE')).json().data).toEqual({ helpfulCount: 0, votedHelpful: false });
    expect((await vote(voter, 'DELETE')).json().data).toEqual({ helpfulCount: 0, votedHelpful: false });
  });

  it('takes one report per account into the admin queue; replies once and edits in place; moderation is admin-only', async () => {
    const author = await createUser(app, scratch.db);
    const reporter = await createUser(app, scratch.db);
    const product = await createProduct(scratch.db, { price: 650_000, stock: 5, name: 'Má phanh đĩa trước' });
    const review = await write(author, product.id, 1, 'Phanh kêu sau một tuần.');
    for (let i = 0; i < 2; i += 1) {
      const reported = await app.inject({ method: 'POST', url: `/api/reviews/${review.id}/reports`, headers: reporter.headers, payload: { reason: 'misleading', note: 'Không đúng' } });
      expect(reported.statusCode).toBe(204);
    }
    expect((await app.inject({ method: 'POST', url: `/api/reviews/${review.id}/reports`, headers: reporter.headers, payload: { reason: 'khac' } })).statusCode).toBe(400);
    const queue = adminReviewQueueSchema.parse(
      (await app.inject({ method: 'GET', url: `/api/admin/reviews?queue=reported&productId=${product.id}`, headers: admin.headers })).json().data,
    );
    expect(queue.items.map((item) => [item.id, item.reportCount, item.reports.length, item.authorEmail])).toEqual([[review.id, 1, 1, author.email]]);
    expect(queue.counts).toEqual({ reported: 1, unanswered: 1, hidden: 0 });

    const reply = (text: string, user: TestUser = admin) => app.inject({ method: 'PUT', url: `/api/admin/reviews/${review.id}/reply`, headers: user.headers, payload: { text } });
    const first = adminAnswer.parse((await reply('Cửa hàng sẽ liên hệ để kiểm tra giúp anh.')).json()).data.reply!;
    shop.clock.advance(60_000);
    const second = adminAnswer.parse((await reply('Cửa hàng đã đổi má phanh mới cho anh.')).json()).data.reply!;
    expect(second).toEqual({ text: 'Cửa hàng đã đổi má phanh mới cho anh.', createdAt: first.createdAt, updatedAt: expect.not.stringMatching(first.createdAt) });
    expect((await page(product.id)).items[0]!.reply?.text).toBe('Cửa hàng đã đổi má phanh mới cho anh.');

    for (const role of ['customer', 'manager', 'staff'] as const) {
      const user = role === 'customer' ? reporter : await createUser(app, scratch.db, { role });
      for (const [method, url, payload] of [
        ['GET', '/api/admin/reviews', undefined],
        ['PUT', `/api/admin/reviews/${review.id}/reply`, { text: 'Không được' }],
        ['POST', `/api/admin/reviews/${review.id}/hide`, { reason: 'Không được' }],
        ['POST', `/api/admin/reviews/${review.id}/unhide`, undefined],
      ] as const) {
        const refused = await app.inject({ method, url, headers: user.headers, payload });
        expect({ role, url, status: refused.statusCode }).toEqual({ role, url, status: 403 });
      }
    }
    expect((await scratch.db.selectFrom('product_reviews').select('hidden').where('id', '=', review.id).executeTakeFirstOrThrow()).hidden).toBe(0);
  });

  it('limits an account to 20 reviews an hour (429 in Vietnamese, Retry-After), then lets it write again', async () => {
    const buyer = await createUser(app, scratch.db);
    const product = await createProduct(scratch.db, { price: 75_000, stock: 50 });
    const lines = [];
    for (let i = 0; i < 21; i += 1) lines.push((await orderLine(scratch.db, buyer.id, product.id)).lineId);
    for (const lineId of lines.slice(0, 20)) expect((await post(buyer, { orderLineId: lineId, rating: 5 })).statusCode).toBe(201);
    const refused = await post(buyer, { orderLineId: lines[20]!, rating: 5 });
    expect(refused.statusCode).toBe(429);
    expect(message(refused)).toMatch(/^Bạn đã gửi quá nhiều đánh giá\. Vui lòng thử lại sau \d+ phút\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    shop.clock.advance(61 * 60_000);
    const again = { ...buyer, headers: { authorization: `Bearer ${(await app.accessTokens.issue({ userId: buyer.id, role: 'customer' })).token}` } };
    expect((await post(again, { orderLineId: lines[20]!, rating: 5 })).statusCode).toBe(201);
  });

  it('lets the author edit for 30 days only (the app’s clock)', async () => {
    const author = await createUser(app, scratch.db);
    const product = await createProduct(scratch.db, { price: 220_000, stock: 5 });
    const review = await write(author, product.id, 3);
    expect((await patch(await createUser(app, scratch.db), review.id, { rating: 1 })).statusCode).toBe(403);
    expect((await patch(author, review.id, {})).statusCode).toBe(422);
    // A fresh sign-in after each jump: the access token ages with the same clock.
    const signedIn = async () => ({ ...author, headers: { authorization: `Bearer ${(await app.accessTokens.issue({ userId: author.id, role: 'customer' })).token}` } });
    shop.clock.advance(29 * DAY);
    expect((await patch(await signedIn(), review.id, { text: 'Dùng một tháng vẫn ổn.' })).statusCode).toBe(200);
    shop.clock.advance(1 * DAY + 1000);
    const late = await patch(await signedIn(), review.id, { rating: 5 });
    expect(late.statusCode).toBe(403);
    expect(message(late)).toBe('Đã quá hạn 30 ngày để sửa đánh giá.');
    expect((await page(product.id)).items[0]).toMatchObject({ rating: 3, text: 'Dùng một tháng vẫn ổn.' });
  });

  it('answers text as literal text: a <script> comes back as written, in JSON', async () => {
    const author = await createUser(app, scratch.db);
    const product = await createProduct(scratch.db, { price: 99_000, stock: 5 });
    const text = '<script>alert("xss")</script> <img src=x onerror=alert(1)>';
    await write(author, product.id, 5, text);
    const response = await app.inject({ method: 'GET', url: `/api/products/${product.id}/reviews` });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    // The page carries the viewer's own votes: no shared cache keeps it.
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(pageAnswer.parse(response.json()).data.items[0]!.text).toBe(text);
  });
});
