import type { CodStatement, CodStatementImport, PaymentExceptionList } from 'shared-contracts/schemas';
import { startServiceApp, type ServiceApp } from '../support/serviceTestKit';
import { testDatabases, useScratchDatabase } from '../support/testDatabases';
import { deskPeople, insertParcel, type DeskPeople, type ParcelRow } from './labelsKit';

/** A GHN statement export as CSV: its header (other columns ignored), then one line per parcel. */
const ghnCsv = (lines: Array<[string, number, number]>) =>
  ['"Mã phiên","Mã đơn hàng","Ngày giao","Tiền thu hộ","Phí"', ...lines.map(([code, cod, fee]) => `"P1","${code}","19/11/2026","${cod.toLocaleString('vi-VN')}","${fee}"`)].join('\r\n');

describe.each(testDatabases())('COD statements (đối soát COD) on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let service: ServiceApp;
  let people: DeskPeople;
  let delivered: ParcelRow[];
  const amounts = [1_250_000, 480_000, 2_300_000];

  beforeAll(async () => {
    service = await startServiceApp(scratch.db, { now: '2026-11-25T03:00:00.000Z' });
    people = await deskPeople(service, scratch.db);
    delivered = [];
    for (const codAmount of amounts) delivered.push(await insertParcel(scratch.db, { userId: people.customer.id, deskCentreId: people.centreA, delivered: true, codAmount }));
  });
  afterAll(() => service.close());

  const importCsv = (headers: Record<string, string>, query: string, csv: string) =>
    service.app.inject({ method: 'POST', url: `/api/admin/shipments/cod-statements?${query}`, headers: { ...headers, 'content-type': 'text/csv' }, payload: csv });
  const codStates = async () =>
    (await scratch.db.selectFrom('shipments').select(['id', 'cod_state']).where('id', 'in', delivered.map((parcel) => parcel.shipmentId)).orderBy('id').execute()).map((row) => row.cod_state);
  const openExceptions = async () =>
    ((await service.app.inject({ method: 'GET', url: '/api/payment-exceptions?status=open', headers: people.admin.headers })).json() as { data: PaymentExceptionList }).data;
  const tableCounts = async () => ({
    statements: Number((await scratch.db.selectFrom('cod_statements').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
    lines: Number((await scratch.db.selectFrom('cod_statement_lines').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
    exceptions: Number((await scratch.db.selectFrom('payment_transactions').select((eb) => eb.fn.countAll().as('n')).where('provider', 'in', ['GHN', 'GHTK']).executeTakeFirstOrThrow()).n),
  });

  it('reconciles the lines that match the ledger, queues the one wrong amount and the unknown code, once', async () => {
    const csv = ghnCsv([
      [delivered[0]!.trackingCode, amounts[0]!, 22_000],
      [delivered[1]!.trackingCode, 450_000, 22_000],
      [delivered[2]!.trackingCode, amounts[2]!, 35_000],
      ['GHNNOTOURS1', 150_000, 20_000],
    ]);
    const response = await importCsv(people.managerA.headers, 'carrier=GHN&reference=GHN-DS-2611-01&periodFrom=2026-11-18&periodTo=2026-11-24', csv);
    expect(response.statusCode).toBe(200);
    const body = response.json() as { message: string; data: CodStatementImport };
    expect(body.message).toBe('Đã đối soát: 2 vận đơn khớp, 2 dòng chuyển vào hàng đợi ngoại lệ.');
    expect(body.data).toMatchObject({
      alreadyImported: false,
      statement: { carrier: 'GHN', reference: 'GHN-DS-2611-01', lineCount: 4, matchedCount: 2, mismatchCount: 1, unknownCount: 1, totalCod: 1_250_000 + 450_000 + 2_300_000 + 150_000, totalFee: 99_000 },
    });
    expect(body.data.exceptions.map((line) => [line.lineNo, line.trackingCode, line.outcome, line.codAmount, line.expectedAmount, line.orderCode])).toEqual([
      [3, delivered[1]!.trackingCode, 'MISMATCH', 450_000, 480_000, delivered[1]!.orderCode],
      [5, 'GHNNOTOURS1', 'UNKNOWN', 150_000, null, null],
    ]);
    // The money arrived for two parcels (their statement lines are the record), the third is flagged.
    expect(await codStates()).toEqual(['REMITTED', 'MISMATCH', 'REMITTED']);
    const remitted = await scratch.db.selectFrom('cod_statement_lines').select(['shipment_id', 'cod_amount']).where('outcome', '=', 'MATCHED').orderBy('shipment_id').execute();
    expect(remitted.map((line) => [line.shipment_id, Number(line.cod_amount)])).toEqual([
      [delivered[0]!.shipmentId, amounts[0]],
      [delivered[2]!.shipmentId, amounts[2]],
    ]);

    const queue = await openExceptions();
    const cod = queue.items.filter((item) => item.reasonLabel.startsWith('Đối soát COD'));
    expect(cod.map((item) => [item.reason, item.amount, item.order?.code ?? null])).toEqual(
      expect.arrayContaining([
        ['COD_MISMATCH', 450_000, delivered[1]!.orderCode],
        ['COD_UNKNOWN', 150_000, null],
      ]),
    );
    expect(cod).toHaveLength(2);
    const mismatch = cod.find((item) => item.reason === 'COD_MISMATCH')!;
    expect(mismatch.reasonLabel).toBe('Đối soát COD lệch số tiền');
    // A carrier's line pays no order: refunded to the carrier or dismissed, never matched.
    expect(mismatch.availableActions).toEqual(['refund', 'dismiss']);
    const match = await service.app.inject({ method: 'POST', url: `/api/payment-exceptions/${mismatch.id}/match`, headers: people.managerA.headers, payload: { orderCode: delivered[1]!.orderCode, version: mismatch.version } });
    expect(match.statusCode).toBe(409);
    expect(match.json()).toMatchObject({ message: 'Không thể "Ghép vào đơn" với giao dịch này.' });

    // The same statement again: nothing changes, its first import is the answer.
    const before = await tableCounts();
    const again = await importCsv(people.admin.headers, 'carrier=GHN&reference=GHN-DS-2611-01', csv);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ message: 'Bảng đối soát này đã được nhập trước đó; không có gì thay đổi.', data: { alreadyImported: true, statement: { matchedCount: 2, mismatchCount: 1, unknownCount: 1 } } });
    expect(await tableCounts()).toEqual(before);
    expect(await codStates()).toEqual(['REMITTED', 'MISMATCH', 'REMITTED']);

    // Another statement naming a parcel already remitted: never remitted twice, queued instead.
    const second = await importCsv(people.admin.headers, 'carrier=GHN&reference=GHN-DS-2611-02', ghnCsv([[delivered[0]!.trackingCode, amounts[0]!, 22_000]]));
    expect((second.json() as { data: CodStatementImport }).data.statement).toMatchObject({ matchedCount: 0, mismatchCount: 1 });

    const list = await service.app.inject({ method: 'GET', url: '/api/admin/shipments/cod-statements', headers: people.admin.headers });
    expect(list.statusCode).toBe(200);
    const statements = (list.json() as { data: { statements: CodStatement[] } }).data.statements;
    expect(statements.map((statement) => [statement.reference, statement.matchedCount, statement.mismatchCount, statement.unknownCount])).toEqual([
      ['GHN-DS-2611-02', 0, 1, 0],
      ['GHN-DS-2611-01', 2, 1, 1],
    ]);
    expect(statements[1]!.periodFrom).toBe('2026-11-18');
  });

  it('imports the same statement sent twice at once only once', async () => {
    const parcel = await insertParcel(scratch.db, { userId: people.customer.id, deskCentreId: people.centreA, delivered: true, codAmount: 700_000 });
    const csv = ghnCsv([[parcel.trackingCode, 700_000, 22_000]]);
    const answers = await Promise.all(Array.from({ length: 5 }, () => importCsv(people.admin.headers, 'carrier=GHN&reference=GHN-DS-RACE', csv)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((answer) => !(answer.json() as { data: CodStatementImport }).data.alreadyImported)).toHaveLength(1);
    const lines = await scratch.db.selectFrom('cod_statement_lines').select('id').where('shipment_id', '=', parcel.shipmentId).execute();
    expect(lines).toHaveLength(1);
  });

  it('reads GHTK’s export by its own columns and refuses a file of another carrier', async () => {
    const parcel = await insertParcel(scratch.db, { userId: people.customer.id, deskCentreId: people.centreA, carrier: 'GHTK', delivered: true, codAmount: 890_000 });
    const ghtk = `Mã đơn hàng;Mã đơn shop;Tiền CoD;Phí\n${parcel.trackingCode};${parcel.orderCode};890.000;18.000\n`;
    const response = await importCsv(people.admin.headers, 'carrier=GHTK&reference=GHTK-2611', ghtk);
    expect(response.statusCode).toBe(200);
    expect((response.json() as { data: CodStatementImport }).data.statement).toMatchObject({ carrier: 'GHTK', matchedCount: 1, lineCount: 1 });

    const wrong = await importCsv(people.admin.headers, 'carrier=GHTK&reference=GHTK-2612', ghnCsv([[parcel.trackingCode, 1, 1]]));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ message: 'Tệp không phải bảng đối soát COD của GHTK: thiếu cột "Tiền CoD".' });
  });

  it('answers the bounds, bad lines and the wrong people in Vietnamese, writing nothing', async () => {
    const before = await tableCounts();
    const tooMany = ghnCsv(Array.from({ length: 5_001 }, (_, index): [string, number, number] => [`GHNBULK${index}`, 100_000, 20_000]));
    const bounded = await importCsv(people.admin.headers, 'carrier=GHN&reference=GHN-BIG', tooMany);
    expect(bounded.statusCode).toBe(422);
    expect(bounded.json()).toMatchObject({ message: 'Bảng đối soát tối đa 5.000 dòng, vui lòng chia thành nhiều tệp.' });

    const bad = await importCsv(people.admin.headers, 'carrier=GHN&reference=GHN-BAD', `Mã đơn hàng,Tiền thu hộ,Phí\nGHNX1,một triệu,20000\n,100000,20000\n`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({
      message: 'Bảng đối soát có dòng không hợp lệ; chưa có gì được lưu.',
      errors: [{ message: 'Dòng 2: "Tiền thu hộ" không phải số tiền hợp lệ.' }, { message: 'Dòng 3: thiếu mã đơn hàng (mã vận đơn).' }],
    });

    const huge = await importCsv(people.admin.headers, 'carrier=GHN&reference=GHN-HUGE', `Mã đơn hàng,Tiền thu hộ,Phí\n${'x'.repeat(2 * 1024 * 1024)}`);
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ message: 'Tệp bảng đối soát không được lớn hơn 2 MB.' });

    expect((await importCsv(people.admin.headers, 'carrier=VNPOST&reference=X', ghnCsv([]))).statusCode).toBe(400);
    expect((await importCsv(people.admin.headers, 'carrier=GHN', ghnCsv([]))).statusCode).toBe(400);
    expect((await importCsv(people.staffA.headers, 'carrier=GHN&reference=GHN-STAFF', ghnCsv([['GHNX', 1, 1]]))).statusCode).toBe(403);
    const otherManager = await importCsv(people.managerB.headers, 'carrier=GHN&reference=GHN-B', ghnCsv([['GHNX', 1, 1]]));
    expect(otherManager.statusCode).toBe(403);
    expect(await tableCounts()).toEqual(before);
  });
});
