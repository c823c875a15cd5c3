import { CARRIER_LABELS, trackingUrl, type Carrier } from 'shared-contracts/schemas';

/** The line of the shipping email that says who carries the parcel and where to follow it. */
export function shipmentNote(carrier: Carrier, trackingCode: string | null): string {
  const url = trackingUrl(carrier, trackingCode);
  const code = trackingCode ? `, mã vận đơn ${trackingCode}` : '';
  return `Đơn vị vận chuyển: ${CARRIER_LABELS[carrier]}${code}.${url ? ` Theo dõi hành trình: ${url}` : ''}`;
}

export { orderRefundedEmail } from '../notifications';
