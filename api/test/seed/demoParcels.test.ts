import { seedDemoParcels } from '../../seed/demoParcels';
import { toNumber } from '../../src/db/portable';
import { replayStockLedger } from '../../src/modules/inventory/stockLedger';
import { testDatabases, useScratchDatabase } from '../support/testDatabases';

describe.each(testDatabases())('the demo’s parcels on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });

  it('give Cầu Giấy’s desk orders to ship and parcels in every stage, with coded wards, written once', async () => {
    const db = scratch.db;
    const cauGiay = (await db.selectFrom('service_centres').select('id').where('slug', '=', 'ha-noi-cau-giay').executeTakeFirstOrThrow()).id;
    const orders = await db
      .selectFrom('orders')
      .select(['id', 'status', 'payment_status', 'ward', 'ward_code', 'province', 'recipient_name', 'desk_centre_id', 'total', 'cancel_reason'])
      .where('idempotency_key', 'like', 'seed-web-desk-parcel-%')
      .orderBy('id')
      .execute();
    expect(orders).toHaveLength(7);
    expect(orders.every((order) => order.desk_centre_id === cauGiay && /^\d{5}$/.test(order.ward_code ?? ''))).toBe(true);
    expect(orders.map((order) => order.ward)).toContain('Phường Cầu Giấy');
    expect(orders.map((order) => order.province)).toEqual(expect.arrayContaining(['Hà Nội', 'TP. Hồ Chí Minh', 'Đà Nẵng']));

    const shipments = await db.selectFrom('shipments').selectAll().where('order_id', 'in', orders.map((order) => order.id)).orderBy('order_id').execute();
    const unshipped = orders.filter((order) => !shipments.some((shipment) => shipment.order_id === order.id));
    expect(unshipped.map((order) => order.status)).toEqual(['PACKED', 'PACKED']);
    expect(shipments.map((shipment) => [shipment.status, shipment.cod_state, toNumber(shipment.attempts), shipment.restocked_at !== null])).toEqual([
      ['READY_TO_PICK', 'NONE', 0, false],
      ['DELIVERING', 'NONE', 0, false],
      ['DELIVERED', 'EXPECTED', 0, false],
      ['DELIVERY_FAILED', 'NONE', 1, false],
      ['RETURNED', 'NONE', 1, true],
    ]);
    expect(shipments.map((shipment) => shipment.tracking_code)).toEqual(expect.arrayContaining(['GYK7QX3N', 'S22839501.BO.HN11.B2.1683398841']));

    const orderOf = (shipmentIndex: number) => orders.find((order) => order.id === shipments[shipmentIndex]!.order_id)!;
    expect([orderOf(1).status, orderOf(2).status, orderOf(3).status, orderOf(4).status]).toEqual(['SHIPPING', 'DELIVERED', 'SHIPPING', 'CANCELLED']);
    expect(orderOf(4).cancel_reason).toBe('Đơn vị vận chuyển đã hoàn hàng về cửa hàng.');
    // The delivered parcel's COD is in the ledger, owed by the carrier.
    const payments = await db.selectFrom('sale_payments').select(['amount', 'channel']).where('order_id', '=', orderOf(2).id).execute();
    expect(payments.map((payment) => [toNumber(payment.amount), payment.channel])).toEqual([[toNumber(orderOf(2).total), 'CARRIER_COD']]);
    const failed = await db.selectFrom('shipment_events').select(['status', 'note']).where('shipment_id', '=', shipments[3]!.id).orderBy('occurred_at').execute();
    expect(failed.map((event) => event.status)).toEqual(['PICKED', 'DELIVERING', 'DELIVERY_FAILED']);
    expect(failed[2]!.note).toBe('Khách hẹn giao lại');
    const transit = await db.selectFrom('shipment_events').select('status').where('shipment_id', '=', shipments[1]!.id).orderBy('occurred_at').execute();
    expect(transit.map((event) => event.status)).toEqual(['PICKED', 'IN_TRANSIT', 'DELIVERING']);

    // Again: nothing written twice; the stock ledger replays balanced.
    const counts = async () => ({
      orders: (await db.selectFrom('orders').select('id').where('idempotency_key', 'like', 'seed-web-desk-parcel-%').execute()).length,
      shipments: (await db.selectFrom('shipments').select('id').execute()).length,
      events: (await db.selectFrom('shipment_events').select('id').execute()).length,
      payments: (await db.selectFrom('sale_payments').select('id').where('channel', '=', 'CARRIER_COD').execute()).length,
    });
    const before = await counts();
    expect(await db.transaction().execute((trx) => seedDemoParcels(trx))).toBe(5);
    expect(await counts()).toEqual(before);
    expect((await replayStockLedger(db)).mismatches).toEqual([]);
  });
});
