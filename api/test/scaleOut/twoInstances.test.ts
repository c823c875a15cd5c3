import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { orderStatusEventSchema, productAdminInputOf, productAdminSchema, type ProductAdmin } from 'shared-contracts/schemas';
import { DEMO_PAYMENT_KEYS } from '../../src/config';
import { hashPassword } from '../../src/security/passwords';
import { seedReference } from '../../seed';
import { startApiProcess, type ApiProcess } from '../support/apiProcess';
import { insertOrder } from '../support/paymentTestKit';
import { plainPng } from '../support/hostileImages';
import { startS3Server, type TestS3Server } from '../support/s3Server';
import { openEventStream, type SseStream } from '../support/sseClient';
import { testDatabases, type ScratchDatabase } from '../support/testDatabases';

/**
 * Scale-out: two API processes, each with an upload folder of its own as two hosts would have, on one PostgreSQL,
 * one Redis and one S3-compatible object store (s3rver on loopback). What a customer or the admin does through one
 * is what the other serves: an uploaded avatar or product photo, a catalogue save, a payment webhook, a logout.
 *
 * PostgreSQL only (SQLite is one file on one host): on the `npm test` pass with TEST_DATABASE_URL.
 */

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const JWT_SECRET = randomBytes(48).toString('base64');
const PASSWORD = 'MatKhau@2026';
/** A save on one instance shows on the other within this (the bound). */
const VISIBLE_WITHIN_MS = 1_000;

const postgres = testDatabases().find((target) => target.dialect === 'postgres');
const describeOnPostgres = postgres ? describe : describe.skip;

jest.setTimeout(20_000);

interface JsonResponse {
  status: number;
  body: { success: boolean; data?: unknown; code?: string; message?: string };
}

async function call(baseUrl: string, method: string, url: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<JsonResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${url}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body), signal: AbortSignal.timeout(5_000) });
  return { status: response.status, body: (await response.json()) as JsonResponse['body'] };
}

/** Polls `read` until it gives `expected` or `withinMs` passed; returns the last value and when it was seen. */
async function eventually<T>(read: () => Promise<T>, expected: T, withinMs: number): Promise<{ value: T; afterMs: number }> {
  const startedAt = Date.now();
  let value = await read();
  while (value !== expected && Date.now() - startedAt < withinMs) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = await read();
  }
  return { value, afterMs: Date.now() - startedAt };
}

describeOnPostgres(postgres ? 'two API processes on one PostgreSQL, Redis and object store' : 'two API processes (skipped: TEST_DATABASE_URL is not set; scale-out runs on PostgreSQL only)', () => {
  // Made in beforeAll, dropped in afterAll after the processes stopped.
  let scratch!: ScratchDatabase;
  let work = '';
  let s3: TestS3Server | null = null;
  let a: ApiProcess | null = null;
  let b: ApiProcess | null = null;
  const streams: SseStream[] = [];
  const one = () => a!.baseUrl;
  const other = () => b!.baseUrl;

  /** A user straight in the database, with a password to sign in with. */
  async function insertUser(role: 'customer' | 'admin'): Promise<{ id: number; email: string }> {
    const email = `scale.${role}.${randomBytes(4).toString('hex')}@example.vn`;
    const row = await scratch.db
      .insertInto('users')
      .values({ email, password_hash: await hashPassword(PASSWORD), full_name: role === 'admin' ? 'Quản Trị Viên' : 'Nguyễn Văn Khách', role, date_of_birth: '1990-01-15' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, email };
  }

  async function login(baseUrl: string, email: string): Promise<{ accessToken: string; refreshToken: string }> {
    const response = await call(baseUrl, 'POST', '/api/auth/login', { body: { email, password: PASSWORD } });
    expect(response.status).toBe(200);
    return response.body.data as { accessToken: string; refreshToken: string };
  }

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'ev-scale-out-'));
    scratch = await postgres!.createMigrated();
    // Users get ids no earlier run had: Redis (shared by every run) counts some uploads per user id.
    await sql`select setval(pg_get_serial_sequence('users', 'id'), ${randomInt(1_000_000, 1_000_000_000)})`.execute(scratch.db);
    await seedReference(scratch.db);
    s3 = await startS3Server();
    const env = (name: string): Record<string, string> => ({
      NODE_ENV: 'development',
      JWT_SECRET,
      DATABASE_URL: scratch.config.databaseUrl!,
      REDIS_URL,
      UPLOAD_DIR: path.join(work, name, 'uploads'),
      // Each host's own "data" folder (SQLite is not used; nothing of the developer's ./data is touched).
      SQLITE_FILE: path.join(work, name, 'unused.sqlite'),
      ...s3!.env,
    });
    const started = await Promise.allSettled([startApiProcess(env('a')), startApiProcess(env('b'))]);
    a = started[0].status === 'fulfilled' ? started[0].value : null;
    b = started[1].status === 'fulfilled' ? started[1].value : null;
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  }, 45_000);

  afterEach(() => {
    for (const stream of streams.splice(0)) stream.close();
  });

  afterAll(async () => {
    // The processes first: the database is dropped under no open connection.
    await Promise.all([a?.stop(), b?.stop()]);
    await s3?.close();
    await (scratch as ScratchDatabase | undefined)?.drop();
    if (work) rmSync(work, { recursive: true, force: true });
  }, 20_000);

  /**
   * POSTs `bytes` as the multipart field `file` (a PNG), as the browser's FormData does. The avatar's encoder is a
   * process at nice 19 started on demand: on a machine busy with other suites it may take seconds to get the CPU.
   */
  async function upload(baseUrl: string, url: string, token: string, bytes: Buffer): Promise<JsonResponse> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'anh.png');
    const response = await fetch(`${baseUrl}${url}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form, signal: AbortSignal.timeout(40_000) });
    return { status: response.status, body: (await response.json()) as JsonResponse['body'] };
  }

  /** GET of a stored image: its status, type and bytes. */
  async function image(baseUrl: string, url: string): Promise<{ status: number; type: string | null; bytes: Buffer }> {
    const response = await fetch(`${baseUrl}${url}`, { signal: AbortSignal.timeout(5_000) });
    return { status: response.status, type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
  }

  it('serves on the other instance, byte for byte, an avatar and a product photo uploaded through one', async () => {
    const customer = await insertUser('customer');
    const { accessToken } = await login(one(), customer.email);
    const avatar = await upload(one(), '/api/auth/upload-avatar', accessToken, await plainPng(320, 240));
    expect(avatar).toMatchObject({ status: 200, body: { success: true } });
    const avatarUrl = (avatar.body.data as { avatarUrl: string }).avatarUrl;
    expect(avatarUrl).toMatch(/^\/api\/media\/avatars\/[a-f0-9]{32}\.webp$/);
    // The other instance's profile names the file, and the other instance serves it.
    expect((await call(other(), 'GET', '/api/auth/profile', { token: accessToken })).body.data).toMatchObject({ avatarUrl });
    const fromOne = await image(one(), avatarUrl);
    const fromOther = await image(other(), avatarUrl);
    expect(fromOther).toMatchObject({ status: 200, type: 'image/webp' });
    expect(fromOther.bytes.equals(fromOne.bytes)).toBe(true);
    expect(fromOther.bytes.length).toBeGreaterThan(0);

    const admin = await insertUser('admin');
    const adminSession = await login(one(), admin.email);
    const photo = await upload(one(), '/api/admin/catalogue/product-images', adminSession.accessToken, await plainPng(800, 600));
    expect(photo).toMatchObject({ status: 200, body: { success: true } });
    const photoUrl = (photo.body.data as { url: string }).url;
    const photoFromOne = await image(one(), photoUrl);
    const photoFromOther = await image(other(), photoUrl);
    expect(photoFromOther).toMatchObject({ status: 200, type: 'image/webp' });
    expect(photoFromOther.bytes.equals(photoFromOne.bytes)).toBe(true);
    // Each upload starts the instance's image encoder process: more time than a request.
  }, 90_000);

  it('shows an admin’s price change saved on one instance on the other’s product detail and list within a second', async () => {
    const admin = await insertUser('admin');
    const { accessToken } = await login(one(), admin.email);
    const category = await scratch.db.selectFrom('catalogue_categories').select(['id', 'slug']).orderBy('id').executeTakeFirstOrThrow();
    const brand = await scratch.db.selectFrom('catalogue_brands').select(['id', 'slug']).orderBy('id').executeTakeFirstOrThrow();
    const created = await call(one(), 'POST', '/api/admin/catalogue/products', {
      token: accessToken,
      body: {
        name: 'Bộ sạc nhanh Hai Máy Chủ',
        sku: `SCALE-${randomBytes(4).toString('hex').toUpperCase()}`,
        categoryId: category.id,
        brandId: brand.id,
        price: 1_500_000,
        compareAtPrice: null,
        vatRate: 10,
        unit: 'bộ',
        weightGrams: 2500,
        compatibleModels: ['VinFast VF 3'],
        specifications: [{ label: 'Công suất', value: '7 kW' }],
        description: 'Sạc nhanh cho xe điện.',
        status: 'published',
      },
    });
    expect(created).toMatchObject({ status: 201, body: { success: true } });
    const product: ProductAdmin = productAdminSchema.parse(created.body.data);

    const detailPrice = async () => ((await call(other(), 'GET', `/api/products/${product.slug}`)).body.data as { price: number }).price;
    const listUrl = `/api/products?category=${category.slug}&brand=${brand.slug}&sort=newest&pageSize=48`;
    const listPrice = async () => ((await call(other(), 'GET', listUrl)).body.data as { items: { slug: string; price: number }[] }).items.find((item) => item.slug === product.slug)?.price;
    // The other instance has both answers in its caches (the list keeps a page from its second ask).
    expect(await detailPrice()).toBe(1_500_000);
    expect(await listPrice()).toBe(1_500_000);
    expect(await listPrice()).toBe(1_500_000);

    const saved = await call(one(), 'PUT', `/api/admin/catalogue/products/${product.id}`, { token: accessToken, body: { ...productAdminInputOf(product), version: product.version, price: 1_390_000 } });
    expect(saved.status).toBe(200);
    const detail = await eventually(detailPrice, 1_390_000, VISIBLE_WITHIN_MS);
    expect(detail.value).toBe(1_390_000);
    const list = await eventually(listPrice, 1_390_000, VISIBLE_WITHIN_MS);
    expect(list.value).toBe(1_390_000);
    expect(detail.afterMs).toBeLessThan(VISIBLE_WITHIN_MS);
  });

  it('pays the order a customer watches on one instance when the SePay webhook reaches the other', async () => {
    const customer = await insertUser('customer');
    const { accessToken } = await login(other(), customer.email);
    const order = await insertOrder(scratch.db, customer.id, { total: 320_000, createdAt: new Date() });
    const watching = await openEventStream(other(), accessToken);
    streams.push(watching);
    expect(watching.status).toBe(200);

    const transferId = randomInt(100_000_000, 2_000_000_000);
    const webhook = await call(one(), 'POST', '/api/payments/sepay/webhook', {
      headers: { authorization: `Apikey ${DEMO_PAYMENT_KEYS.sepayWebhookKey}` },
      body: {
        id: transferId,
        gateway: 'Vietcombank',
        transactionDate: new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 19).replace('T', ' '),
        accountNumber: '1023456789',
        code: null,
        content: `TT ${order.code}`,
        transferType: 'in',
        transferAmount: 320_000,
        accumulated: 19_077_000,
        subAccount: null,
        referenceCode: `MBVCB.${transferId}`,
        description: 'BankAPINotify',
      },
    });
    expect(webhook.body.data).toEqual({ outcome: 'MATCHED' });

    const event = await watching.next(5_000);
    expect(event.event).toBe('order-status');
    const row = await scratch.db.selectFrom('orders').select('version').where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(orderStatusEventSchema.parse(JSON.parse(event.data))).toEqual({ code: order.code, status: 'PLACED', paymentStatus: 'PAID', version: Number(row.version) });
    const seen = await call(other(), 'GET', `/api/orders/${order.code}`, { token: accessToken });
    expect(seen.body.data).toMatchObject({ code: order.code, status: 'PLACED', paymentStatus: 'PAID' });
  });

  it('refuses on the other instance the access and refresh tokens of a session logged out on one', async () => {
    const customer = await insertUser('customer');
    const session = await login(one(), customer.email);
    const kept = await login(one(), customer.email);
    const profileOnOther = async (token: string) => (await call(other(), 'GET', '/api/auth/profile', { token })).status;
    expect(await profileOnOther(session.accessToken)).toBe(200);

    expect((await call(one(), 'POST', '/api/auth/logout', { body: { refreshToken: session.refreshToken } })).status).toBe(200);
    expect((await eventually(() => profileOnOther(session.accessToken), 401, VISIBLE_WITHIN_MS)).value).toBe(401);
    const refreshed = await call(other(), 'POST', '/api/auth/refresh', { body: { refreshToken: session.refreshToken } });
    expect(refreshed.status).toBe(401);
    // The user's other session lives on.
    expect(await profileOnOther(kept.accessToken)).toBe(200);
  });
});
