import type { PickupList } from 'shared-contracts/schemas';
import { formatLabelWeight } from '../../src/modules/shipments/labels/labelPdf';
import { startServiceApp, type ServiceApp } from '../support/serviceTestKit';
import { pdfText } from '../support/pdfText';
import { productionDatabase, useScratchDatabase } from '../support/testDatabases';
import { deskPeople, insertParcel, type DeskPeople, type ParcelRow } from './labelsKit';

/** PDF pages: the page objects in the file (pdfkit writes one `/Type /Page` per page). */
const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;

describe.each(productionDatabase())('shipment labels and the day’s pickups on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  let service: ServiceApp;
  let people: DeskPeople;
  let parcels: ParcelRow[];
  let otherCentre: ParcelRow;

  beforeAll(async () => {
    // 19/11/2026 09:00 in Hà Nội.
    service = await startServiceApp(scratch.db, { now: '2026-11-19T02:00:00.000Z' });
    people = await deskPeople(service, scratch.db);
    const userId = people.customer.id;
    parcels = [
      await insertParcel(scratch.db, { userId, deskCentreId: people.centreA, codAmount: 1_250_000, recipient: 'Nguyễn Thị Hồng Nhung' }),
      await insertParcel(scratch.db, { userId, deskCentreId: people.centreA, carrier: 'GHTK', recipient: 'Trần Văn Bình' }),
      await insertParcel(scratch.db, { userId, deskCentreId: people.centreA, status: 'PICKING', codAmount: 300_000, recipient: 'Lê Thu Hà' }),
    ];
    otherCentre = await insertParcel(scratch.db, { userId, deskCentreId: people.centreB });
  });
  afterAll(() => service.close());

  const printLabels = (headers: Record<string, string>, payload: object) => service.app.inject({ method: 'POST', url: '/api/staff/shipments/labels', headers, payload });

  it('prints the desk’s three waybills as one PDF, a page each, with codes, addresses and COD', async () => {
    for (const size of ['A5', '80x80'] as const) {
      const response = await printLabels(people.staffA.headers, { shipmentIds: parcels.map((parcel) => parcel.shipmentId), size });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(pageCount(response.rawPayload)).toBe(3);
      const text = await pdfText(response.rawPayload);
      for (const parcel of parcels) {
        expect(text).toContain(parcel.trackingCode);
        expect(text).toContain(parcel.orderCode);
      }
      expect(text).toContain('Thu hộ: 1.250.000 ₫');
      expect(text).toContain('Không thu tiền');
      expect(text).toContain('Phường Cầu Giấy, Hà Nội');
      expect(text).toContain('Cho xem hàng, không cho thử');
      expect(text).toContain('Trần Văn Bình');
      // The parcel's weight: each product's weight times its quantity (one of product 1, two of product 2).
      const weights = await scratch.db.selectFrom('products').select(['id', 'weight_grams']).where('id', 'in', [1, 2]).orderBy('id').execute();
      expect(text).toContain(`Khối lượng: ${formatLabelWeight(Number(weights[0]!.weight_grams) + 2 * Number(weights[1]!.weight_grams))}`);
    }
  });

  it('refuses another centre’s waybill (404, nothing printed) but lets an admin print it', async () => {
    const refused = await printLabels(people.staffA.headers, { shipmentIds: [parcels[0]!.shipmentId, otherCentre.shipmentId], size: 'A5' });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ success: false, message: `Không tìm thấy vận đơn #${otherCentre.shipmentId} ở trung tâm của bạn.` });
    expect((await printLabels(people.staffB.headers, { shipmentIds: [parcels[1]!.shipmentId], size: '80x80' })).statusCode).toBe(404);
    const admin = await printLabels(people.admin.headers, { shipmentIds: [otherCentre.shipmentId], size: '80x80' });
    expect(admin.statusCode).toBe(200);
    expect(await pdfText(admin.rawPayload)).toContain(otherCentre.trackingCode);
  });

  it('answers the bounds and a customer in Vietnamese', async () => {
    const tooMany = await printLabels(people.staffA.headers, { shipmentIds: Array.from({ length: 501 }, (_, index) => index + 1), size: 'A5' });
    expect(tooMany.statusCode).toBe(400);
    expect(JSON.stringify(tooMany.json())).toContain('Tối đa 500 nhãn một lần in.');
    expect((await printLabels(people.staffA.headers, { shipmentIds: [], size: 'A5' })).statusCode).toBe(400);
    expect((await printLabels(people.staffA.headers, { shipmentIds: [parcels[0]!.shipmentId], size: 'A4' })).statusCode).toBe(400);
    expect((await printLabels(people.customer.headers, { shipmentIds: [parcels[0]!.shipmentId], size: 'A5' })).statusCode).toBe(403);
  });

  it('lists the day’s parcels waiting for the courier, of the caller’s centre only', async () => {
    const userId = people.customer.id;
    // Yesterday evening in Hà Nội (18/11 23:30 = 16:30 UTC) and one already picked up today: not on today's list.
    const yesterday = await insertParcel(scratch.db, { userId, deskCentreId: people.centreA, createdAt: '2026-11-18T16:30:00.000Z' });
    const picked = await insertParcel(scratch.db, { userId, deskCentreId: people.centreA, status: 'PICKED' });
    // Today from 00:10 in Hà Nội (18/11 17:10 UTC).
    const earlyToday = await insertParcel(scratch.db, { userId, deskCentreId: people.centreA, createdAt: '2026-11-18T17:10:00.000Z' });

    const list = async (headers: Record<string, string>, query: string) => {
      const response = await service.app.inject({ method: 'GET', url: `/api/staff/shipments/pickups${query}`, headers });
      return { status: response.statusCode, data: (response.json() as { data: PickupList }).data };
    };
    const today = await list(people.staffA.headers, '?date=2026-11-19');
    expect(today.status).toBe(200);
    const codes = today.data.shipments.map((shipment) => shipment.trackingCode);
    expect(codes).toEqual([earlyToday.trackingCode, ...parcels.map((parcel) => parcel.trackingCode)]);
    expect(codes).not.toContain(yesterday.trackingCode);
    expect(codes).not.toContain(picked.trackingCode);
    expect(codes).not.toContain(otherCentre.trackingCode);
    expect(today.data.shipments[1]).toMatchObject({ orderCode: parcels[0]!.orderCode, codAmount: 1_250_000, statusLabel: 'Chờ lấy hàng' });

    expect((await list(people.staffA.headers, '')).data.shipments).toHaveLength(4);
    expect((await list(people.staffA.headers, '?date=2026-11-18')).data.shipments.map((shipment) => shipment.trackingCode)).toEqual([yesterday.trackingCode]);
    expect((await list(people.staffA.headers, `?date=2026-11-19&centreId=${people.centreB}`)).status).toBe(404);
    expect((await list(people.staffB.headers, '?date=2026-11-19')).data.shipments.map((shipment) => shipment.trackingCode)).toEqual([otherCentre.trackingCode]);
    expect((await list(people.admin.headers, `?date=2026-11-19&centreId=${people.centreB}`)).data.shipments).toHaveLength(1);
    expect((await list(people.staffA.headers, '?date=19/11/2026')).status).toBe(400);
  });
});
