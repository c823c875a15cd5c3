import { spawnSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { API_NODE_OPTIONS, API_PROCESS_ENV } from '../serve/apiProcessEnv.ts';
import { loadApi, loadProductRating, type BenchDatabase } from './benchApi.ts';
import { benchEachDatabaseInItsOwnProcess, scratchDatabase } from './scratchDatabase.ts';

/**
 * `npm run bench:reviews`: a product's page with 500 reviews (issue 48's budget) on a scratch seeded database. A
 * page visit asks GET /api/products/:slug and GET /api/products/:id/reviews together; each sample times both
 * answered, in turn as a guest and signed in (the viewer's votes are looked up), over the sorts, star and photo
 * filters and a later page. The reviews route alone is timed too. Requests go one at a time over keep-alive from
 * this process (client time included: the figures are upper bounds).
 *
 * Budget, per database: a page visit's p95 < 30 ms.
 *
 * env: BENCH_SAMPLES (page visits, default 1500), BENCH_REVIEWS_DATABASES (sqlite,postgres; default sqlite),
 * BENCH_POSTGRES_URL (as the other benches), LOG_LEVEL (default warn).
 */
const BUDGET_P95_MS = 30;
const REVIEWS = 500;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 1500);
const DATABASES = (process.env.BENCH_REVIEWS_DATABASES ?? 'sqlite').split(',').map((name) => name.trim()).filter(Boolean);
const QUERIES = ['', '?sort=helpful', '?sort=highest', '?sort=lowest', '?stars=5', '?stars=2', '?withPhotos=true', '?page=5', '?sort=helpful&page=3'];

// As the other API benches: shared-contracts' TypeScript sources and the API process's settings.
if (!process.execArgv.some((arg) => arg === '--conditions=ev-source' || arg === '-C=ev-source')) {
  const script = fileURLToPath(import.meta.url);
  const child = spawnSync(process.execPath, ['--conditions=ev-source', ...API_NODE_OPTIONS.split(' '), ...process.execArgv, script, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...API_PROCESS_ENV, ...process.env },
  });
  process.exit(child.status ?? 1);
}

const GIVEN = ['Minh', 'Lan', 'Hùng', 'Thảo', 'Tuấn', 'Hà', 'Dũng', 'Mai', 'Sơn', 'Ngọc'];
const FAMILY = ['Nguyễn', 'Trần', 'Lê', 'Phạm', 'Hoàng', 'Võ', 'Đặng', 'Bùi'];

/** 500 buyers of the product, each with a completed order, reviewing it (a tenth with a photo, a fifth answered). */
async function writeReviews(db: BenchDatabase, productId: number): Promise<void> {
  const { refreshProductRating } = await loadProductRating();
  const product = await db.selectFrom('products').select(['slug', 'name', 'price']).where('id', '=', productId).executeTakeFirstOrThrow();
  const start = Date.now() - 200 * 86_400_000;
  for (let from = 0; from < REVIEWS; from += 100) {
    const batch = Array.from({ length: Math.min(100, REVIEWS - from) }, (_, k) => from + k);
    const at = (i: number) => new Date(start + i * 30 * 60_000).toISOString();
    const users = await db
      .insertInto('users')
      .values(batch.map((i) => ({ email: `bench.review.${i}@example.vn`, password_hash: null, full_name: `${FAMILY[i % FAMILY.length]} Văn ${GIVEN[i % GIVEN.length]}`, role: 'customer' as const })))
      .returning('id')
      .execute();
    const orders = await db
      .insertInto('orders')
      .values(
        batch.map((i, k) => ({
          code: `EVBENCHRV${i}`,
          user_id: users[k]!.id,
          status: 'COMPLETED',
          payment_method: 'COD',
          payment_status: 'PAID',
          subtotal: Number(product.price),
          total: Number(product.price),
          fulfilment_method: 'delivery' as const,
          province: 'Hà Nội',
          ward: 'Phường Cầu Giấy',
          street: '1 Trần Thái Tông',
          centre_id: null,
          promotion_id: null,
          promotion_code: null,
          recipient_name: 'Khách',
          phone: '0912345678',
          note: null,
          idempotency_key: `bench-review-${i}`,
          request_hash: 'bench',
          cancel_reason: null,
          paid_at: at(i),
          created_at: at(i),
          updated_at: at(i),
        })),
      )
      .returning('id')
      .execute();
    const lines = await db
      .insertInto('order_lines')
      .values(orders.map((order) => ({ order_id: order.id, kind: 'product' as const, ref_id: productId, slug: product.slug, name: product.name, image: null, promo_group: 'parts', unit_price: Number(product.price), quantity: 1, line_total: Number(product.price) })))
      .returning('id')
      .execute();
    const reviews = await db
      .insertInto('product_reviews')
      .values(
        batch.map((i, k) => ({
          order_line_id: lines[k]!.id,
          product_id: productId,
          user_id: users[k]!.id,
          rating: [5, 5, 4, 5, 3, 4, 5, 2, 4, 1][i % 10]!,
          text: `Đánh giá số ${i}: pin dùng ổn định, sạc nhanh, lắp vừa xe. `.repeat(1 + (i % 4)),
          photo_count: i % 10 === 0 ? 1 : 0,
          helpful_count: (i * 7) % 13,
          created_at: at(i + 100),
          updated_at: at(i + 100),
          ...(i % 5 === 0 ? { reply_text: 'Cảm ơn anh/chị đã tin tưởng cửa hàng!', reply_by: users[0]!.id, reply_created_at: at(i + 101), reply_updated_at: at(i + 101) } : {}),
        })),
      )
      .returning(['id', 'photo_count'])
      .execute();
    const withPhotos = reviews.filter((review) => Number(review.photo_count) > 0);
    if (withPhotos.length > 0) {
      await db
        .insertInto('product_review_photos')
        .values(withPhotos.map((review) => ({ review_id: review.id, file: `${String(review.id).padStart(32, '0')}.webp`, width: 1200, height: 900, created_at: at(0) })))
        .execute();
    }
  }
  await refreshProductRating(db, productId);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

function summary(label: string, samples: number[]): { line: string; p95: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  return { line: `  ${label.padEnd(44)} n ${String(sorted.length).padStart(5)}   p50 ${percentile(sorted, 50).toFixed(1).padStart(5)} ms   p95 ${p95.toFixed(1).padStart(5)} ms   p99 ${percentile(sorted, 99).toFixed(1).padStart(5)} ms`, p95 };
}

async function benchDatabase(kind: string): Promise<string[]> {
  const { buildApp, createDatabase, migrateToLatest, seed } = await loadApi();
  const scratch = await scratchDatabase(kind, 'reviews', 'BENCH_REVIEWS_DATABASES');
  const db = createDatabase({ databaseUrl: scratch.databaseUrl, sqliteFile: scratch.sqliteFile });
  const app = buildApp({ db, logger: { level: process.env.LOG_LEVEL ?? 'warn' } });
  const name = kind === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const failures: string[] = [];
  try {
    await migrateToLatest(db);
    await seed(db);
    const product = await db.selectFrom('products').select(['id', 'slug']).where('is_active', '=', 1).orderBy('sales_count', 'desc').orderBy('id').executeTakeFirstOrThrow();
    await writeReviews(db, product.id);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const viewer = await db.selectFrom('users').select('id').where('email', '=', 'bench.review.7@example.vn').executeTakeFirstOrThrow();
    const { token } = await app.accessTokens.issue({ userId: viewer.id, role: 'customer' });
    const signedIn = { authorization: `Bearer ${token}` };

    const get = async (path: string, headers: Record<string, string> = {}) => {
      const response = await fetch(`${url}${path}`, { headers });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    };
    const reviewsPath = (i: number) => `/api/products/${product.id}/reviews${QUERIES[i % QUERIES.length]}`;
    for (let i = 0; i < 200; i += 1) await get(reviewsPath(i), i % 2 ? signedIn : {});
    await get(`/api/products/${product.slug}`);

    const visits: number[] = [];
    const reviewsAlone: number[] = [];
    for (let i = 0; i < SAMPLES; i += 1) {
      const headers = i % 2 ? signedIn : {};
      let began = performance.now();
      await Promise.all([get(`/api/products/${product.slug}`, headers), get(reviewsPath(i), headers)]);
      visits.push(performance.now() - began);
      began = performance.now();
      await get(reviewsPath(i + 4), headers);
      reviewsAlone.push(performance.now() - began);
    }
    const page = await (await fetch(`${url}/api/products/${product.id}/reviews`)).json();
    console.log(`Product page with ${page.data.summary.count} reviews (average ${page.data.summary.average}), ${name}, one request at a time, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    const visit = summary('page visit: detail + reviews, together', visits);
    console.log(visit.line);
    console.log(summary('GET /api/products/:id/reviews alone', reviewsAlone).line);
    if (visit.p95 >= BUDGET_P95_MS) failures.push(`${kind}: page visit p95 ${visit.p95.toFixed(1)} ms ≥ ${BUDGET_P95_MS}`);
  } finally {
    await Promise.race([app.close(), new Promise((resolve) => setTimeout(resolve, 2_000))]);
    await db.destroy();
    await scratch.remove();
  }
  return failures;
}

async function main(): Promise<void> {
  if (benchEachDatabaseInItsOwnProcess(DATABASES, 'BENCH_REVIEWS_DATABASES', import.meta.url)) return;
  const failures: string[] = [];
  for (const kind of DATABASES) failures.push(...(await benchDatabase(kind)));
  console.log(failures.length === 0 ? `Budget met: a page visit's p95 < ${BUDGET_P95_MS} ms.` : `Budget missed: ${failures.join('; ')}.`);
  process.exitCode = failures.length === 0 ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
