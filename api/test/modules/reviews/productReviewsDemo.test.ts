import { adminReviewQueueSchema, reviewableLinesSchema } from 'shared-contracts/schemas';
import { seed } from '../../../seed';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../../seed/demoAccounts';
import { startAuthApp, type AuthTestApp } from '../../support/authTestKit';
import { DEMO_HISTORY_NOW, productionDatabase, useScratchDatabase } from '../../support/testDatabases';

const NOW = new Date(DEMO_HISTORY_NOW);
const email = (role: string) => DEMO_ACCOUNTS.find((account) => account.role === role)!.email;

describe.each(productionDatabase())('the demo product reviews on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: 'demoHistory' });
  let shop: AuthTestApp;

  beforeAll(async () => {
    shop = await startAuthApp(scratch.db);
  }, 300_000);
  afterAll(() => shop.close());

  const signIn = async (role: string) => {
    const login = await shop.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: email(role), password: DEMO_PASSWORD } });
    expect(login.statusCode).toBe(200);
    return { authorization: `Bearer ${(login.json() as { data: { accessToken: string } }).data.accessToken}` };
  };

  it('reviews the history’s received lines, mostly 4–5 stars, with the ratings on the products matching the rows', async () => {
    const reviews = await scratch.db.selectFrom('product_reviews').select(['product_id', 'rating', 'text', 'reply_text', 'helpful_count', 'hidden']).execute();
    expect(reviews.length).toBeGreaterThan(20);
    const high = reviews.filter((review) => review.rating >= 4).length;
    expect(high / reviews.length).toBeGreaterThan(0.7);
    expect(reviews.some((review) => review.rating <= 3)).toBe(true);
    expect(reviews.some((review) => review.reply_text !== null)).toBe(true);
    expect(reviews.every((review) => review.text.length > 20)).toBe(true);
    const votes = await scratch.db.selectFrom('product_review_votes').select('review_id').execute();
    expect(votes.length).toBeGreaterThan(0);
    expect(reviews.reduce((sum, review) => sum + Number(review.helpful_count), 0)).toBe(votes.length);

    const products = await scratch.db.selectFrom('products').select(['id', 'rating_count', 'rating_sum', 'rating_1', 'rating_5']).execute();
    for (const product of products) {
      const own = reviews.filter((review) => review.product_id === product.id && Number(review.hidden) === 0);
      expect([product.id, Number(product.rating_count), Number(product.rating_sum), Number(product.rating_5)]).toEqual([
        product.id,
        own.length,
        own.reduce((sum, review) => sum + review.rating, 0),
        own.filter((review) => review.rating === 5).length,
      ]);
    }
    const rated = products.find((product) => Number(product.rating_count) > 0)!;
    const detail = await shop.app.inject({ method: 'GET', url: `/api/products/${rated.id}/reviews` });
    expect(detail.json().data.summary.count).toBe(Number(rated.rating_count));
  });

  it('leaves khachhang@ a received line to review and the admin one reported review; a re-run adds nothing', async () => {
    const reviewable = reviewableLinesSchema.parse((await shop.app.inject({ method: 'GET', url: '/api/reviews/reviewable', headers: await signIn('customer') })).json().data);
    expect(reviewable.items.some((item) => item.review === null)).toBe(true);
    const queue = adminReviewQueueSchema.parse((await shop.app.inject({ method: 'GET', url: '/api/admin/reviews?queue=reported', headers: await signIn('admin') })).json().data);
    expect(queue.total).toBe(1);
    expect(queue.items[0]!.reports).toHaveLength(1);

    const before = await scratch.db.selectFrom('product_reviews').select((eb) => eb.fn.countAll<string | number>().as('count')).executeTakeFirstOrThrow();
    const report = await seed(scratch.db, { demoHistory: true, now: NOW });
    expect(report.demoReviews).toBe(Number(before.count));
    const votes = await scratch.db.selectFrom('product_review_reports').select('review_id').execute();
    expect(votes).toHaveLength(1);
  });
});
