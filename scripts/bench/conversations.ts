import { spawnSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { API_NODE_OPTIONS, API_PROCESS_ENV } from '../serve/apiProcessEnv.ts';
import { loadApi, type BenchDatabase } from './benchApi.ts';
import { benchEachDatabaseInItsOwnProcess, scratchDatabase } from './scratchDatabase.ts';

/**
 * `npm run bench:conversations`: issue 49's budgets for conversations, on a scratch seeded database holding
 * 10,000 threads and 100,000 messages over the 7 centres.
 * - The staff inbox: GET /api/staff/conversations as the first centre's staff (open, unread, all, a search), one
 *   request at a time over keep-alive (client time included: the figures are upper bounds). Budget p95 < 50 ms.
 * - Message → the other side's open stream: staff post in a thread while its customer's GET /api/notifications/events
 *   is open (time until `conversation-message` arrives), and the customer posts while the centre's GET
 *   /api/staff/events is open (until its `floor-changed` of kind 'conversation'). Budget p95 < 500 ms.
 *
 * env: BENCH_SAMPLES (per call, default 200), BENCH_CONVERSATIONS_DATABASES (sqlite,postgres; default sqlite),
 * BENCH_POSTGRES_URL (as the other benches), LOG_LEVEL (default warn).
 */
const INBOX_BUDGET_P95_MS = 50;
const LIVE_BUDGET_P95_MS = 500;
const THREADS = 10_000;
const MESSAGES = 100_000;
const CUSTOMERS = 200;
const CENTRES = 7;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const DATABASES = (process.env.BENCH_CONVERSATIONS_DATABASES ?? 'sqlite').split(',').map((name) => name.trim()).filter(Boolean);

// As the other API benches: shared-contracts' TypeScript sources and the API process's settings.
if (!process.execArgv.some((arg) => arg === '--conditions=ev-source' || arg === '-C=ev-source')) {
  const script = fileURLToPath(import.meta.url);
  const child = spawnSync(process.execPath, ['--conditions=ev-source', ...API_NODE_OPTIONS.split(' '), ...process.execArgv, script, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...API_PROCESS_ENV, ...process.env },
  });
  process.exit(child.status ?? 1);
}

interface World {
  staffId: number;
  customerId: number;
  /** A thread of the first centre whose customer is `customerId`. */
  threadId: number;
}

/** The threads and their messages, written by the database from a numbers table; the lists' columns set as posts set them. */
async function generate(db: BenchDatabase, dialect: 'sqlite' | 'postgres'): Promise<World> {
  const { sql } = await import('kysely');
  const now = Date.now();
  const base = new Date(now - 90 * 86_400_000).toISOString();
  const at = (minutes: string) =>
    dialect === 'postgres' ? `(timestamptz '${base}' + (${minutes}) * interval '1 minute')` : `strftime('%Y-%m-%dT%H:%M:%fZ', '${base}', (${minutes}) || ' minutes')`;
  const centres = (await db.selectFrom('service_centres').select('id').where('kind', '=', 'SERVICE_CENTRE').orderBy('id').execute()).map((row) => row.id);
  if (centres.length !== CENTRES) throw new Error(`expected ${CENTRES} seeded centres`);
  const iso = new Date(now).toISOString();
  const person = async (email: string, fullName: string, role: 'customer' | 'staff', centreId?: number) => {
    const row = await db.insertInto('users').values({ email, password_hash: null, full_name: fullName, role, created_at: iso, updated_at: iso }).returning('id').executeTakeFirstOrThrow();
    if (centreId !== undefined) await db.insertInto('staff_assignments').values({ user_id: row.id, centre_id: centreId, assigned_at: base }).execute();
    return row.id;
  };
  const staffId = await person('bench.conv.nhanvien@example.vn', 'Nhân viên thử tải', 'staff', centres[0]);
  const customers: number[] = [];
  for (let k = 0; k < CUSTOMERS; k += 1) customers.push(await person(`bench.conv.khach${k}@example.vn`, `Khách thử tải ${k + 1}`, 'customer'));
  const pick = (values: readonly number[], index: string) => `(case ${index} ${values.map((v, i) => `when ${i} then ${v}`).join(' ')} end)`;
  // Thread n: centre n % 7, customer n % 200; its activity spread over 90 days.
  const minutesOf = (n: string) => `(cast(${n} as bigint) * 129000 / ${THREADS})`;
  const minutes = minutesOf('n');
  await db.transaction().execute(async (trx) => {
    const step = async (label: string, text: string) => {
      const t0 = Date.now();
      await sql.raw(text).execute(trx);
      console.log(`    ${label}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    };
    await sql.raw('create table bench_seq (n integer primary key)').execute(trx);
    await step(
      `numbers 1..${MESSAGES}`,
      dialect === 'postgres'
        ? `insert into bench_seq (n) select generate_series(1, ${MESSAGES})`
        : `with recursive s(n) as (select 1 union all select n + 1 from s where n < ${MESSAGES}) insert into bench_seq (n) select n from s`,
    );
    await step(
      'threads',
      `insert into conversations (subject_kind, subject_id, subject_label, appointment_id, centre_id, customer_id, customer_name, search_text, assignee_id, status, version,
         last_message_id, last_message_side, last_message_text, last_message_has_photos, last_message_at, customer_unread, staff_unread, customer_last_read_id, staff_last_read_id,
         activity_at, created_at, updated_at)
       select 'order', 900000000 + n, 'Đơn hàng EVBENCH' || n, null, ${pick(centres, `n % ${CENTRES}`)}, ${pick(customers, `n % ${CUSTOMERS}`)}, 'Khách thử tải ' || (n % ${CUSTOMERS} + 1),
         'khach thu tai ' || (n % ${CUSTOMERS} + 1) || ' 09' || n || ' 30a-' || n || ' evbench' || n, null, case when n % 5 = 0 then 'closed' else 'open' end, 1,
         null, 'customer', 'Xe em sạc không vào ạ', 0, ${at(minutes)}, 0, n % 3, 0, 0, ${at(minutes)}, ${at(`${minutes} - 600`)}, ${at(minutes)}
       from bench_seq where n <= ${THREADS}`,
    );
    await step(
      'messages',
      `insert into conversation_messages (conversation_id, side, author_id, author_name, text, photo_count, created_at)
       select c.id, case when s.n % 2 = 0 then 'customer' else 'centre' end, null, 'Người thử tải', 'Tin nhắn thử tải số ' || s.n, 0, ${at(`${minutesOf(`(s.n % ${THREADS} + 1)`)} - 600 + s.n / ${THREADS}`)}
       from bench_seq s join conversations c on c.subject_kind = 'order' and c.subject_id = 900000000 + (s.n % ${THREADS} + 1)`,
    );
    await step(
      'last messages',
      `update conversations set last_message_id = (select max(m.id) from conversation_messages m where m.conversation_id = conversations.id)`,
    );
    await sql.raw('drop table bench_seq').execute(trx);
  });
  if (dialect === 'postgres') for (const table of ['conversations', 'conversation_messages']) await sql.raw(`analyze ${table}`).execute(db);
  else await sql.raw('analyze').execute(db);
  const thread = await db
    .selectFrom('conversations')
    .select(['id', 'customer_id'])
    .where('centre_id', '=', centres[0]!)
    .orderBy('activity_at', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  return { staffId, customerId: thread.customer_id, threadId: thread.id };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

function summary(label: string, samples: number[]): { line: string; p95: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  return { line: `  ${label.padEnd(44)} n ${String(sorted.length).padStart(4)}   p50 ${percentile(sorted, 50).toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms   p99 ${percentile(sorted, 99).toFixed(1).padStart(6)} ms`, p95 };
}

/** An open text/event-stream: resolves `next(match)` with the first event (name, data) that matches after the call. */
async function openStream(url: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  if (response.status !== 200 || !response.body) throw new Error(`${url}: ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let waiter = null as { match: (name: string, data: string) => boolean; resolve: () => void } | null;
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const name = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
          const data = block.split('\n').filter((line) => line.startsWith('data: ')).map((line) => line.slice(6)).join('\n');
          if (waiter && waiter.match(name, data)) {
            const found = waiter;
            waiter = null;
            found.resolve();
          }
        }
      }
    } catch {
      // Aborted when the bench closes the stream.
    }
  })();
  return {
    next(match: (name: string, data: string) => boolean): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${url}: no matching event within 5 s`)), 5_000);
        waiter = { match, resolve: () => (clearTimeout(timer), resolve()) };
      });
    },
    close: () => controller.abort(),
  };
}

async function benchDatabase(kind: string): Promise<string[]> {
  const { buildApp, createDatabase, migrateToLatest, seed } = await loadApi();
  const scratch = await scratchDatabase(kind, 'conversations', 'BENCH_CONVERSATIONS_DATABASES');
  const db = createDatabase({ databaseUrl: scratch.databaseUrl, sqliteFile: scratch.sqliteFile });
  // The posts' rate limits (30 a minute per account) would stop the live rounds: this bench's counters never count.
  const counters = {
    increment: async () => ({ count: 1, resetInMs: 60_000 }),
    get: async () => ({ count: 0, resetInMs: 0 }),
    reset: async () => undefined,
    close: async () => undefined,
  };
  const app = buildApp({ db, logger: { level: process.env.LOG_LEVEL ?? 'warn' }, context: { counters } });
  const name = kind === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const failures: string[] = [];
  try {
    await migrateToLatest(db);
    await seed(db);
    const t0 = Date.now();
    console.log(`Generating ${THREADS.toLocaleString('en')} threads with ${MESSAGES.toLocaleString('en')} messages on ${name}…`);
    const world = await generate(db, kind === 'postgres' ? 'postgres' : 'sqlite');
    console.log(`  generated in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const staff = { authorization: `Bearer ${(await app.accessTokens.issue({ userId: world.staffId, role: 'staff' })).token}` };
    const customer = { authorization: `Bearer ${(await app.accessTokens.issue({ userId: world.customerId, role: 'customer' })).token}` };
    const call = async (method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: unknown) => {
      const response = await fetch(`${url}${path}`, {
        method,
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 200)}`);
      return text;
    };

    const inboxCalls = [
      { label: 'inbox, open (default)', path: '/api/staff/conversations' },
      { label: 'inbox, unread', path: '/api/staff/conversations?filter=unread' },
      { label: 'inbox, all, page 5', path: '/api/staff/conversations?filter=all&page=5' },
      { label: 'inbox, search "khach thu tai 8"', path: `/api/staff/conversations?filter=all&q=${encodeURIComponent('Khách thử tải 8')}` },
    ];
    for (const inbox of inboxCalls) for (let i = 0; i < 20; i += 1) await call('GET', inbox.path, staff);
    const inboxSamples = inboxCalls.map(() => [] as number[]);
    for (let i = 0; i < SAMPLES; i += 1) {
      for (const [index, inbox] of inboxCalls.entries()) {
        const began = performance.now();
        await call('GET', inbox.path, staff);
        inboxSamples[index]!.push(performance.now() - began);
      }
    }

    // Live: each side's stream open, the other side posting; the first 5 rounds warm up.
    const customerStream = await openStream(`${url}/api/notifications/events`, customer);
    const centreStream = await openStream(`${url}/api/staff/events`, staff);
    const liveSamples: number[][] = [[], []];
    const liveRounds = Math.min(SAMPLES, 100);
    try {
      for (let i = 0; i < liveRounds + 5; i += 1) {
        const toCustomer = customerStream.next((event, data) => event === 'conversation-message' && data.includes(`"text":"Trung tâm trả lời ${i}"`));
        let began = performance.now();
        await call('POST', `/api/staff/conversations/${world.threadId}/messages`, staff, { text: `Trung tâm trả lời ${i}` });
        await toCustomer;
        if (i >= 5) liveSamples[0]!.push(performance.now() - began);
        const toCentre = centreStream.next((event, data) => event === 'floor-changed' && data.includes('"kind":"conversation"') && data.includes(`"conversationId":${world.threadId}`));
        began = performance.now();
        await call('POST', `/api/conversations/${world.threadId}/messages`, customer, { text: `Khách hỏi ${i}` });
        await toCentre;
        if (i >= 5) liveSamples[1]!.push(performance.now() - began);
      }
    } finally {
      customerStream.close();
      centreStream.close();
    }

    console.log(`Conversations on ${name} (${THREADS.toLocaleString('en')} threads, ${MESSAGES.toLocaleString('en')} messages), one request at a time, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    for (const [index, inbox] of inboxCalls.entries()) {
      const line = summary(inbox.label, inboxSamples[index]!);
      console.log(line.line);
      if (line.p95 >= INBOX_BUDGET_P95_MS) failures.push(`${kind}: ${inbox.label} p95 ${line.p95.toFixed(1)} ms ≥ ${INBOX_BUDGET_P95_MS}`);
    }
    for (const [index, label] of ['staff message → customer stream', 'customer message → centre stream'].entries()) {
      const line = summary(label, liveSamples[index]!);
      console.log(line.line);
      if (line.p95 >= LIVE_BUDGET_P95_MS) failures.push(`${kind}: ${label} p95 ${line.p95.toFixed(1)} ms ≥ ${LIVE_BUDGET_P95_MS}`);
    }
  } finally {
    await Promise.race([app.close(), new Promise((resolve) => setTimeout(resolve, 2_000))]);
    await db.destroy();
    await scratch.remove();
  }
  return failures;
}

async function main(): Promise<void> {
  if (benchEachDatabaseInItsOwnProcess(DATABASES, 'BENCH_CONVERSATIONS_DATABASES', import.meta.url)) return;
  const failures: string[] = [];
  for (const kind of DATABASES) failures.push(...(await benchDatabase(kind)));
  console.log(
    failures.length === 0
      ? `Budgets met: the staff inbox p95 < ${INBOX_BUDGET_P95_MS} ms, a message on the other side's stream p95 < ${LIVE_BUDGET_P95_MS} ms.`
      : `Budgets missed: ${failures.join('; ')}.`,
  );
  process.exitCode = failures.length === 0 ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
