import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { buildBenchApi, loadPaymentKit, loadSeed, type BenchDatabase } from './benchApi.ts';
import { percentile, round, runBench, serveBenchApi, startBenchApi } from './benchProcess.ts';

/**
 * `npm run bench:payments` (`npx tsx scripts/bench/payments.ts`): payments that confirm themselves (issue 35), against
 * the API started on an ephemeral loopback port with a scratch seeded SQLite database, in a child process.
 *
 *   (a) live confirmation  p95 < 1 s   BENCH_ORDERS (default 100) VietQR orders awaiting payment, each paid by a
 *                                      signed SePay webhook; measured from the webhook sent to the `order-status`
 *                                      PAID received on the owner's stream (GET /api/appointments/events)
 *   (b) a burst            0 lost, 0 doubled   50 webhooks a second for BENCH_SECONDS (default 60) over distinct
 *                                      orders, plus 10 % repeats of webhooks already sent (SePay's retries); then the
 *                                      payment_transactions rows and the paid orders are counted
 *   (c) the receipt budget: `npm run bench:receipts`.
 */
const CONFIRM_P95_BUDGET_MS = 1_000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100);
const RATE_PER_SECOND = 50;
const CUSTOMERS = 20;
const TOTAL = 350_000;

interface ServerReady {
  port: number;
  sepayKey: string;
  tokens: string[];
  /** The orders of (a) then (b), each with its owner's index in `tokens`. */
  orders: Array<{ code: string; customer: number }>;
}

interface Counts {
  transactions: number;
  paid: number;
}

// ---- The server (child process) -------------------------------------------------------------------------

/** A VietQR order awaiting its transfer, straight in the database (one service-package line: no stock to reserve). */
async function insertAwaitingOrder(db: BenchDatabase, kit: Awaited<ReturnType<typeof loadPaymentKit>>, userId: number, centreId: number, pkg: { id: number; slug: string; name: string }, serial: number) {
  const now = new Date();
  const at = now.toISOString();
  const row = await db
    .insertInto('orders')
    .values({
      code: kit.provisionalOrderCode(),
      user_id: userId,
      status: 'PENDING_PAYMENT',
      payment_method: 'VIETQR',
      payment_status: 'UNPAID',
      subtotal: TOTAL,
      discount: 0,
      shipping_fee: 0,
      shipping_discount: 0,
      total: TOTAL,
      promotion_id: null,
      promotion_code: null,
      fulfilment_method: 'pickup',
      province: null,
      ward: null,
      street: null,
      centre_id: centreId,
      desk_centre_id: centreId,
      recipient_name: 'Khách Benchmark',
      phone: '0912345678',
      note: null,
      idempotency_key: `bench-payments-${serial}`,
      request_hash: `bench-payments-${serial}`,
      cancel_reason: null,
      paid_at: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const code = kit.orderCodeFor(row.id, now);
  await db.updateTable('orders').set({ code }).where('id', '=', row.id).execute();
  await db
    .insertInto('order_lines')
    .values({ order_id: row.id, kind: 'package', ref_id: pkg.id, slug: pkg.slug, name: pkg.name, image: null, promo_group: null, unit_price: TOTAL, quantity: 1, line_total: TOTAL })
    .execute();
  await db.insertInto('order_status_history').values({ order_id: row.id, status: 'PENDING_PAYMENT', payment_status: 'UNPAID', note: null, actor_user_id: userId, created_at: at }).execute();
  await db
    .insertInto('web_order_events')
    .values({ order_id: row.id, action: 'placed', status: 'PENDING_PAYMENT', payment_status: 'UNPAID', actor_kind: 'customer', actor_user_id: userId, created_at: at })
    .execute();
  return code;
}

async function runServer(): Promise<void> {
  const { seed } = await loadSeed();
  const kit = await loadPaymentKit();
  const { app, db } = await buildBenchApi(seed);
  const centre = await db.selectFrom('service_centres').select('id').where('kind', '=', 'SERVICE_CENTRE').orderBy('id').executeTakeFirstOrThrow();
  const pkg = await db.selectFrom('service_packages').select(['id', 'slug', 'name']).orderBy('id').executeTakeFirstOrThrow();
  const users: number[] = [];
  const tokens: string[] = [];
  for (let index = 0; index < CUSTOMERS; index += 1) {
    const user = await db
      .insertInto('users')
      .values({ email: `bench.payments.${index}@example.vn`, password_hash: null, full_name: `Khách ${index + 1}`, role: 'customer' })
      .returning('id')
      .executeTakeFirstOrThrow();
    users.push(user.id);
    tokens.push((await app.accessTokens.issue({ userId: user.id, role: 'customer' })).token);
  }
  const orders: ServerReady['orders'] = [];
  const count = ORDERS + RATE_PER_SECOND * SECONDS;
  for (let serial = 0; serial < count; serial += 1) {
    const customer = serial % CUSTOMERS;
    orders.push({ code: await insertAwaitingOrder(db, kit, users[customer]!, centre.id, pkg, serial), customer });
  }
  await serveBenchApi(app, db, { sepayKey: kit.sepayWebhookKey, tokens, orders });
  // The parent asks, after the burst, how many transfers were recorded and orders paid among `codes`.
  process.on('message', (message) => {
    const codes = (message as { count?: string[] }).count;
    if (!codes) return;
    void (async () => {
      const counts: Counts = { transactions: 0, paid: 0 };
      for (let start = 0; start < codes.length; start += 500) {
        const slice = codes.slice(start, start + 500);
        const tx = await db.selectFrom('payment_transactions').select((eb) => eb.fn.countAll<number>().as('n')).where('order_code_found', 'in', slice).executeTakeFirstOrThrow();
        const paid = await db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('code', 'in', slice).where('payment_status', '=', 'PAID').executeTakeFirstOrThrow();
        counts.transactions += Number(tx.n);
        counts.paid += Number(paid.n);
      }
      process.send?.({ counts });
    })();
  });
}

// ---- The measurements (parent process) ------------------------------------------------------------------

/** The customers' streams: every `order-status` PAID is handed to `onPaid` with its order code and the instant. */
function openStreams(origin: string, tokens: string[], onPaid: (code: string, at: number) => void): Promise<Array<() => void>> {
  return Promise.all(
    tokens.map(
      (token) =>
        new Promise<() => void>((resolve, reject) => {
          const request = http.get(`${origin}/api/appointments/events`, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } }, (response) => {
            if (response.statusCode !== 200) reject(new Error(`stream answered ${response.statusCode}`));
            let buffer = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => {
              buffer += chunk;
              let end: number;
              while ((end = buffer.indexOf('\n\n')) >= 0) {
                const frame = buffer.slice(0, end);
                buffer = buffer.slice(end + 2);
                if (frame.includes(': connected')) resolve(() => request.destroy());
                const data = /^data: (.*)$/m.exec(frame)?.[1];
                if (!/^event: order-status$/m.test(frame) || !data) continue;
                const event = JSON.parse(data) as { code: string; paymentStatus: string };
                if (event.paymentStatus === 'PAID') onPaid(event.code, performance.now());
              }
            });
          });
          request.on('error', reject);
        }),
    ),
  );
}

let transferIds = 70_000_000;
function sepayBody(code: string) {
  transferIds += 1;
  return {
    id: transferIds,
    gateway: 'Vietcombank',
    transactionDate: '2026-11-26 10:15:00',
    accountNumber: '1023456789',
    code: null,
    content: `TT ${code}`,
    transferType: 'in',
    transferAmount: TOTAL,
    accumulated: 0,
    subAccount: null,
    referenceCode: `MBVCB.${transferIds}`,
    description: 'BankAPINotify',
  };
}

async function main(): Promise<void> {
  const folder = mkdtempSync(path.join(tmpdir(), 'ev-bench-payments-'));
  // From source: the webhooks are signed with the demo SePay key (production refuses it), the counts asked by IPC.
  const api = await startBenchApi<ServerReady>(import.meta.url, { BENCH_DATA_DIR: folder }, { api: 'source' });
  const { ready } = api;
  const origin = `http://127.0.0.1:${ready.port}`;
  const post = async (body: object): Promise<number> => {
    const response = await fetch(`${origin}/api/payments/sepay/webhook`, {
      method: 'POST',
      headers: { authorization: `Apikey ${ready.sepayKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    await response.arrayBuffer();
    return response.status;
  };
  const paidAt = new Map<string, number>();
  const waiters = new Map<string, (at: number) => void>();
  let closeStreams: Array<() => void> = [];
  let failed = false;
  try {
    console.log(`API: ${origin} (scratch seeded SQLite in ${folder}); ${cpus().length} CPU(s): ${cpus()[0]?.model ?? '?'}`);
    closeStreams = await openStreams(origin, ready.tokens, (code, at) => {
      paidAt.set(code, at);
      waiters.get(code)?.(at);
    });
    const misses: string[] = [];

    // (a) one payment at a time: webhook sent → order-status PAID on the owner's stream.
    const latencies: number[] = [];
    let lostEvents = 0;
    for (const order of ready.orders.slice(0, ORDERS)) {
      const received = new Promise<number | null>((resolve) => {
        const timer = setTimeout(() => resolve(null), 5_000);
        waiters.set(order.code, (at) => {
          clearTimeout(timer);
          resolve(at);
        });
      });
      const sent = performance.now();
      const status = await post(sepayBody(order.code));
      const at = await received;
      waiters.delete(order.code);
      if (status !== 200 || at === null) lostEvents += 1;
      else latencies.push(at - sent);
    }
    const sorted = latencies.sort((a, b) => a - b);
    const p95 = percentile(sorted, 95);
    console.log(
      `(a) live confirmation, ${ORDERS} orders across ${ready.tokens.length} customers' streams: ` +
        `p50 ${round(percentile(sorted, 50))} ms   p95 ${round(p95)} ms   p99 ${round(percentile(sorted, 99))} ms   ${lostEvents} without their event`,
    );
    if (p95 >= CONFIRM_P95_BUDGET_MS) misses.push(`live confirmation p95 ${round(p95)} ms ≥ ${CONFIRM_P95_BUDGET_MS} ms`);
    if (lostEvents > 0) misses.push(`${lostEvents} payments without their order-status event`);

    // (b) 50 webhooks a second over distinct orders, and a repeat of an already sent one every tenth.
    const burst = ready.orders.slice(ORDERS);
    const sentBodies: Array<ReturnType<typeof sepayBody>> = [];
    const inFlight: Array<Promise<number>> = [];
    const started = performance.now();
    let next = 0;
    let repeats = 0;
    await new Promise<void>((resolve) => {
      const tick = setInterval(() => {
        // Catch up on the schedule (timers drift under load): as many as due by now.
        const due = Math.min(burst.length, Math.floor(((performance.now() - started) / 1000) * RATE_PER_SECOND) + 1);
        while (next < due) {
          const body = sepayBody(burst[next]!.code);
          sentBodies.push(body);
          inFlight.push(post(body).catch(() => 0));
          next += 1;
          if (next % 10 === 0) {
            repeats += 1;
            inFlight.push(post(sentBodies[Math.floor(Math.random() * sentBodies.length)]!).catch(() => 0));
          }
        }
        if (next >= burst.length) {
          clearInterval(tick);
          resolve();
        }
      }, 5);
    });
    const statuses = await Promise.all(inFlight);
    const elapsed = (performance.now() - started) / 1000;
    const refused = statuses.filter((status) => status !== 200).length;
    // The last events may still be on their way.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const counts = await new Promise<Counts>((resolve) => {
      const answer = (message: unknown) => {
        const found = (message as { counts?: Counts }).counts;
        if (!found) return;
        api.child.off('message', answer);
        resolve(found);
      };
      api.child.on('message', answer);
      api.child.send({ count: burst.map((order) => order.code) });
    });
    const liveEvents = burst.filter((order) => paidAt.has(order.code)).length;
    console.log(
      `(b) burst: ${burst.length} webhooks + ${repeats} repeats in ${elapsed.toFixed(1)} s (${round((burst.length + repeats) / elapsed)} req/s), ${refused} not answered 200; ` +
        `${counts.transactions} transactions recorded, ${counts.paid} orders paid, ${liveEvents} order-status PAID received (expected ${burst.length} each)`,
    );
    const lost = burst.length - Math.min(counts.transactions, counts.paid);
    const doubled = Math.max(0, counts.transactions - burst.length);
    console.log(`    lost ${lost}, doubled ${doubled}`);
    if (lost !== 0 || doubled !== 0 || counts.paid !== burst.length) misses.push(`burst lost ${lost}, doubled ${doubled}, ${counts.paid} of ${burst.length} paid`);
    if (refused > 0) misses.push(`${refused} webhooks not answered 200`);
    if (liveEvents !== burst.length) misses.push(`${burst.length - liveEvents} payments of the burst without their order-status event`);

    console.log('(c) the receipt budget (receipt PDF p95 < 300 ms): npm run bench:receipts');
    console.log(misses.length === 0 ? `Budgets met: live confirmation p95 < ${CONFIRM_P95_BUDGET_MS} ms; burst 0 lost, 0 doubled.` : `Budget missed: ${misses.join('; ')}.`);
    failed = misses.length > 0;
  } finally {
    for (const close of closeStreams) close();
    await api.stop();
    rmSync(folder, { recursive: true, force: true });
  }
  if (failed) process.exitCode = 1;
}

runBench({ server: runServer, main });
