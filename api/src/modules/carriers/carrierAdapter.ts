import type { IntegratedCarrier, LabelSize, ParcelHandover, ParcelInspectionRule, ShipmentStatus } from 'shared-contracts/schemas';

/**
 * What the shop asks of a carrier (GHN, GHTK), whatever its API looks like. Each adapter follows its carrier's
 * published API and calls out through the one outbound client; the stand-ins answer the same requests locally.
 */

/** A coded address: the province's name as addresses store it ('Hà Nội') and the official 5-digit ward code. */
export interface CarrierAddress {
  province: string;
  wardCode: string;
  wardName: string;
  street: string;
  name: string;
  phone: string;
}

/** One parcel: weight in grams, size in centimetres, the goods' value in VND (for insurance). */
export interface Parcel {
  weightGrams: number;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
  value: number;
}

/** A service the carrier offers for a route, with its fee and expected delivery day. */
export interface CarrierServiceQuote {
  carrier: IntegratedCarrier;
  /** The carrier's service id as a string (GHN service_id; GHTK 'road' | 'fly'). */
  service: string;
  serviceLabel: string;
  fee: number;
  /** 'YYYY-MM-DD' (Asia/Ho_Chi_Minh), or null when the carrier gives no lead time. */
  expectedDelivery: string | null;
}

export interface CarrierQuoteRequest {
  from: Pick<CarrierAddress, 'province' | 'wardCode'>;
  to: Pick<CarrierAddress, 'province' | 'wardCode'>;
  parcel: Parcel;
  signal?: AbortSignal;
}

export interface CarrierOrderRequest {
  /** Our key for the waybill (the order code, plus a suffix for a second waybill): the carrier refuses a repeat. */
  clientOrderCode: string;
  from: CarrierAddress;
  to: CarrierAddress;
  parcel: Parcel;
  service: string;
  codAmount: number;
  insuredValue: number;
  inspection: ParcelInspectionRule;
  handover: ParcelHandover;
  note: string | null;
  /** The order's lines for the waybill's content. */
  items: { name: string; code: string | null; quantity: number }[];
}

export interface CarrierOrderCreated {
  trackingCode: string;
  fee: number;
  expectedDelivery: string | null;
}

/** A status the carrier reported for a waybill (webhook or order detail). */
export interface CarrierStatusUpdate {
  carrier: IntegratedCarrier;
  trackingCode: string;
  clientOrderCode: string | null;
  status: ShipmentStatus;
  /** The carrier's own status ('delivery_fail', '9'). */
  carrierStatus: string;
  /** ISO instant the carrier says it happened. */
  at: string;
  /** The carrier's reason ('Khách hẹn giao lại'), if any. */
  note: string | null;
  /** The COD amount the carrier reports, if it reports one. */
  codAmount: number | null;
}

/** A raw webhook as it arrived (kept raw by the shipments module). */
export interface CarrierWebhookRequest {
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, string | undefined>;
  rawBody: string;
}

/** One line of a carrier's COD remittance statement (đối soát COD). */
export interface CodStatementLine {
  trackingCode: string;
  codAmount: number;
  /** The carrier's fees deducted from the remittance. */
  fee: number;
}

export interface CarrierAdapter {
  readonly carrier: IntegratedCarrier;
  quote(request: CarrierQuoteRequest): Promise<CarrierServiceQuote[]>;
  createOrder(request: CarrierOrderRequest): Promise<CarrierOrderCreated>;
  /** Cancel before pickup; the carrier refuses after (CarrierRefusal). */
  cancelOrder(trackingCode: string): Promise<void>;
  /** The carrier's own label print (GHN's A5/80×80 print page; GHTK's PDF), for a link next to ours. */
  labelUrl(trackingCodes: string[], size: LabelSize): Promise<string | null>;
  /** The carrier's own label as a PDF (GHTK's /services/label), where its API gives one; absent otherwise. */
  labelPdf?(trackingCode: string, size: LabelSize): Promise<Uint8Array>;
  /** Whether a webhook is the carrier's (its secret), before anything is parsed. */
  verifyWebhook(request: CarrierWebhookRequest): boolean;
  /** The status updates a verified webhook carries ([] for a type the shop ignores). Throws on a malformed body. */
  parseWebhook(request: CarrierWebhookRequest): CarrierStatusUpdate[];
  /** The carrier's current status of a waybill (used to confirm and to catch up missed webhooks). */
  orderStatus(trackingCode: string): Promise<CarrierStatusUpdate | null>;
}

/** The carrier said no to this request (a 4xx with its reason): shown to the clerk, never counted against a breaker. */
export class CarrierRefusal extends Error {
  constructor(
    readonly carrier: IntegratedCarrier,
    readonly reason: string,
  ) {
    super(`${carrier}: ${reason}`);
    this.name = 'CarrierRefusal';
  }
}
