import type { Kysely } from 'kysely';
import { GHN_STATUS_MAP, GHTK_STATUS_MAP, type IntegratedCarrier, type ShipmentStatus } from 'shared-contracts/schemas';
import type { Database } from '../../db/schema';

const HOUR = 3_600_000;

/** What the demo's parcel went through with its carrier (issue 65 §6), newest last. */
export type DemoParcelStory = 'readyToPick' | 'inTransit' | 'delivered' | 'failedDelivery' | 'returned';

export interface DemoParcel {
  orderId: number;
  orderCode: string;
  story: DemoParcelStory;
  carrier: IntegratedCarrier;
  /** The carrier's waybill code, in its format ('GHN…' / 'S….BO.…'). */
  trackingCode: string;
  codAmount: number;
  insuredValue: number;
  /** When the waybill was created. */
  createdAt: Date;
}

/** The carrier's own statuses of each story, hours after the waybill, with their notes (GHN names, GHTK status_id). */
const STORIES: Record<DemoParcelStory, Array<{ ghn: string; ghtk: number; hours: number; note?: string }>> = {
  readyToPick: [],
  inTransit: [
    { ghn: 'picked', ghtk: 3, hours: 3 },
    { ghn: 'transporting', ghtk: 3, hours: 8 },
    { ghn: 'delivering', ghtk: 4, hours: 20 },
  ],
  delivered: [
    { ghn: 'picked', ghtk: 3, hours: 2 },
    { ghn: 'delivering', ghtk: 4, hours: 18 },
    { ghn: 'delivered', ghtk: 5, hours: 22 },
  ],
  failedDelivery: [
    { ghn: 'picked', ghtk: 3, hours: 2 },
    { ghn: 'delivering', ghtk: 4, hours: 19 },
    { ghn: 'delivery_fail', ghtk: 9, hours: 23, note: 'Khách hẹn giao lại' },
  ],
  returned: [
    { ghn: 'picked', ghtk: 3, hours: 2 },
    { ghn: 'delivering', ghtk: 4, hours: 20 },
    { ghn: 'delivery_fail', ghtk: 9, hours: 24, note: 'Không liên lạc được người nhận' },
    { ghn: 'waiting_to_return', ghtk: 20, hours: 50 },
    { ghn: 'return', ghtk: 20, hours: 52 },
    { ghn: 'returned', ghtk: 21, hours: 70, note: 'Đã hoàn hàng về kho' },
  ],
};

/**
 * The demo's waybills (development seed only; api/seed/demoParcels.ts writes their web orders first): each parcel's
 * shipment and the carrier's webhooks that moved it, as the webhook handler would have stored them (raw body, event
 * key, applied), so the desk, the pickup list and the customer's order page show a real journey. A returned parcel
 * is restocked (restocked_at; its order is cancelled, so its units are back on the shelf); a delivered COD one
 * waits for the carrier's money (cod_state EXPECTED, its ledger payment written by the seed). Idempotent by the
 * waybill's client_order_code; answers how many demo waybills there are.
 */
export async function seedDemoShipments(db: Kysely<Database>, parcels: readonly DemoParcel[]): Promise<number> {
  for (const parcel of parcels) {
    const exists = await db.selectFrom('shipments').select('id').where('client_order_code', '=', parcel.orderCode).executeTakeFirst();
    if (exists) continue;
    const steps = STORIES[parcel.story].map((step) => {
      const status: ShipmentStatus = parcel.carrier === 'GHN' ? GHN_STATUS_MAP[step.ghn]! : GHTK_STATUS_MAP[step.ghtk]!;
      return { ...step, status, carrierStatus: parcel.carrier === 'GHN' ? step.ghn : String(step.ghtk), at: new Date(parcel.createdAt.getTime() + step.hours * HOUR).toISOString() };
    });
    const last = steps[steps.length - 1];
    const status: ShipmentStatus = last?.status ?? 'READY_TO_PICK';
    const ghn = parcel.carrier === 'GHN';
    const shipment = await db
      .insertInto('shipments')
      .values({
        order_id: parcel.orderId,
        carrier: parcel.carrier,
        service: ghn ? '2' : 'road',
        service_label: ghn ? 'Chuẩn' : 'Đường bộ',
        tracking_code: parcel.trackingCode,
        client_order_code: parcel.orderCode,
        status,
        status_at: last?.at ?? parcel.createdAt.toISOString(),
        fee: ghn ? 32_500 : 30_000,
        cod_amount: parcel.codAmount,
        insured_value: parcel.insuredValue,
        inspection: 'CHOXEMHANGKHONGTHU',
        handover: 'PICKUP',
        note: 'Gọi cho khách trước khi giao',
        expected_delivery: new Date(parcel.createdAt.getTime() + 48 * HOUR + 7 * HOUR).toISOString().slice(0, 10),
        attempts: steps.filter((step) => step.status === 'DELIVERY_FAILED').length,
        cod_state: status === 'DELIVERED' && parcel.codAmount > 0 ? 'EXPECTED' : 'NONE',
        restocked_at: status === 'RETURNED' ? last!.at : null,
        created_by: null,
        created_at: parcel.createdAt.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const step of steps) {
      const body = ghn
        ? { OrderCode: parcel.trackingCode, ClientOrderCode: parcel.orderCode, Status: step.ghn, Time: step.at, Reason: step.note ?? '', CODAmount: parcel.codAmount, Type: 'switch_status' }
        : { label_id: parcel.trackingCode, partner_id: parcel.orderCode, status_id: step.ghtk, action_time: step.at, reason: step.note ?? '', pick_money: parcel.codAmount };
      await db
        .insertInto('shipment_events')
        .values({
          shipment_id: shipment.id,
          carrier: parcel.carrier,
          event_key: `${parcel.carrier}:${parcel.trackingCode}:${step.carrierStatus}:${step.at}`,
          status: step.status,
          carrier_status: step.carrierStatus,
          occurred_at: step.at,
          note: step.note ?? null,
          cod_amount: parcel.codAmount,
          raw_body: JSON.stringify(body),
          received_at: step.at,
          applied: 1,
        })
        .execute();
    }
  }
  return parcels.length;
}
