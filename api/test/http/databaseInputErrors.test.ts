import { sql } from 'kysely';
import { errorEnvelopeSchema } from 'shared-contracts/schemas';
import type { App } from '../../src/app';
import { isDatabaseInputError } from '../../src/http/databaseInputError';
import { toErrorReply } from '../../src/http/errorHandling';
import { buildTestApp } from '../support/testApp';
import { testDatabases, useScratchDatabase } from '../support/testDatabases';

const INVALID_INPUT = { success: false, code: 'INVALID_INPUT', message: 'Dữ liệu gửi lên không hợp lệ.' };
const INTERNAL = { success: false, code: 'INTERNAL_ERROR', message: 'Máy chủ đang gặp sự cố. Vui lòng thử lại sau.' };

describe('recognising the database refusing a value', () => {
  it('takes PostgreSQL data exceptions (SQLSTATE class 22) and 54000, and SQLite type and size errors', () => {
    for (const code of ['22P05', '22021', '22003', '22P02', '22007', '22001', '54000']) {
      expect(isDatabaseInputError(Object.assign(new Error('x'), { code, severity: 'ERROR' }))).toBe(true);
    }
    for (const code of ['SQLITE_MISMATCH', 'SQLITE_TOOBIG', 'SQLITE_CONSTRAINT_DATATYPE']) {
      expect(isDatabaseInputError(Object.assign(new Error('x'), { name: 'SqliteError', code }))).toBe(true);
    }
    // Wrapped by the code that caught it.
    expect(isDatabaseInputError(new Error('placing the order failed', { cause: Object.assign(new Error('x'), { code: '22021', severity: 'ERROR' }) }))).toBe(true);
  });

  it('leaves the server’s own failures alone: syntax, missing table, unique violation, connection, a look-alike code', () => {
    for (const code of ['42601', '42P01', '23505', '08006', '40001']) {
      expect(isDatabaseInputError(Object.assign(new Error('x'), { code, severity: 'ERROR' }))).toBe(false);
    }
    expect(isDatabaseInputError(Object.assign(new Error('x'), { name: 'SqliteError', code: 'SQLITE_ERROR' }))).toBe(false);
    expect(isDatabaseInputError(Object.assign(new Error('x'), { code: '22021' }))).toBe(false);
    expect(isDatabaseInputError(Object.assign(new Error('x'), { code: 'FST_ERR_CTP_INVALID_JSON_BODY' }))).toBe(false);
    expect(toErrorReply(Object.assign(new Error('duplicate key value'), { code: '23505', severity: 'ERROR' }))).toEqual({ status: 500, body: INTERNAL });
  });

  it('answers 400 INVALID_INPUT in Vietnamese, without the database’s words', () => {
    const error = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021', severity: 'ERROR' });
    expect(toErrorReply(error)).toEqual({ status: 400, body: INVALID_INPUT });
  });
});

describe.each(testDatabases())('a value the database refuses, end to end on $label', (target) => {
  const scratch = useScratchDatabase(target, { migrate: false });
  let app: App;

  beforeAll(async () => {
    app = buildTestApp(scratch.db);
    // Queries that let a hostile value through to the database, as a route with a validation gap would.
    app.get('/api/test/nul-in-text', async () => (await sql`select ${'Nguyễn\u0000Văn'}::text as value`.execute(scratch.db)).rows);
    app.get('/api/test/beyond-int4', async () => (await sql`select cast(${String(2 ** 31)} as int4) as value`.execute(scratch.db)).rows);
    app.get('/api/test/not-a-number', async () => (await sql`select cast(${'mười'} as integer) as value`.execute(scratch.db)).rows);
    app.get('/api/test/limit-of-text', async () => (await sql`select 1 as value limit ${'mười'}`.execute(scratch.db)).rows);
    app.get('/api/test/syntax', async () => (await sql`selec 1`.execute(scratch.db)).rows);
    await app.ready();
  });
  afterAll(() => app.close());

  const refusals = target.dialect === 'postgres' ? ['/api/test/nul-in-text', '/api/test/beyond-int4', '/api/test/not-a-number'] : ['/api/test/limit-of-text'];

  it.each(refusals)('answers %s with 400 INVALID_INPUT, never a 500', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(400);
    expect(errorEnvelopeSchema.parse(response.json())).toEqual(INVALID_INPUT);
  });

  it('still answers a broken query with 500 and no SQL in the body (the net catches input errors only)', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/syntax' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual(INTERNAL);
    expect(response.body).not.toMatch(/selec|syntax/i);
  });
});
