import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Instant, InstantDefaultNow, NullableInstant } from './instants';

/**
 * A web order's waybill with a carrier (migration 0068), written by the shipments module only. At most one live (not
 * CANCELLED) per order; a cancelled one stays as history and the next takes client_order_code `<code>-2`, `-3`…
 */
export interface ShipmentsTable {
  id: Generated<number>;
  order_id: number;
  /** 'GHN' | 'GHTK'. */
  carrier: string;
  /** The carrier's service id (GHN service_id, GHTK 'road' | 'fly'). */
  service: string;
  service_label: string;
  /** The carrier's waybill code; unique per carrier. */
  tracking_code: string;
  /** Our key sent to the carrier (the order code, '-2' after a cancelled waybill). Unique. */
  client_order_code: string;
  /** A ShipmentStatus (shared-contracts/pricing/shipmentMachine.ts). */
  status: string;
  /** When the carrier says the current status happened (out-of-order webhooks compare with it). */
  status_at: Instant;
  /** VND the carrier charges (its quote at creation). */
  fee: ColumnType<number, number | undefined, number>;
  /** VND the carrier collects from the receiver (0 = prepaid). */
  cod_amount: ColumnType<number, number | undefined, number>;
  insured_value: ColumnType<number, number | undefined, number>;
  /** A ParcelInspectionRule. */
  inspection: string;
  /** 'PICKUP' | 'DROP_OFF'. */
  handover: string;
  note: string | null;
  /** 'YYYY-MM-DD' (Asia/Ho_Chi_Minh), the carrier's expected delivery day. */
  expected_delivery: string | null;
  /** Failed delivery attempts so far. */
  attempts: ColumnType<number, number | undefined, number>;
  /** 'NONE' | 'EXPECTED' (delivered, the carrier owes the COD) | 'REMITTED' | 'MISMATCH' (the COD statement's verdict). */
  cod_state: ColumnType<string, string | undefined, string>;
  /** When a RETURNED parcel's goods went back into stock (set once, with the move). */
  restocked_at: NullableInstant;
  created_by: number | null;
  created_at: InstantDefaultNow;
  cancelled_at: NullableInstant;
  /** Raised by every change (the webhooks' conditional UPDATE carries the one it read). */
  version: ColumnType<number, number | undefined, number>;
}

/** A carrier webhook's status update, kept raw whether it moved the parcel or not; once per event_key. */
export interface ShipmentEventsTable {
  id: Generated<number>;
  /** Null when the tracking code matched no waybill of ours. */
  shipment_id: number | null;
  carrier: string;
  /** carrier + tracking code + carrier status + time: a replay is the same key. */
  event_key: string;
  /** The ShipmentStatus the carrier's status maps to. */
  status: string;
  /** The carrier's own status ('delivery_fail', '9'). */
  carrier_status: string;
  occurred_at: Instant;
  note: string | null;
  cod_amount: number | null;
  /** The webhook's body as received. */
  raw_body: string;
  received_at: InstantDefaultNow;
  /** 1 when it moved the parcel, 0 when kept as history only (older, duplicate status, after a final one). */
  applied: ColumnType<number, number | undefined, number>;
}

export interface ShipmentTables {
  shipments: ShipmentsTable;
  shipment_events: ShipmentEventsTable;
}

export type ShipmentRow = Selectable<ShipmentsTable>;
export type ShipmentEventRow = Selectable<ShipmentEventsTable>;
