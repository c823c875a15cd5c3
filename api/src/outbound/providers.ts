import type { OutsideProvider } from 'shared-contracts/schemas';

/** The providers the shop calls (a fixed set: the metrics' labels stay bounded), with the name the owner reads. */
export const OUTBOUND_PROVIDERS = {
  payos: 'payOS',
  zalo: 'Zalo',
  esms: 'eSMS',
  google: 'Google',
  webpush: 'Web Push',
  smtp: 'Máy chủ thư',
  s3: 'Kho lưu trữ ảnh',
  misa: 'MISA meInvoice',
  viettel: 'Viettel S-Invoice',
  vnpt: 'VNPT Invoice',
  ghn: 'GHN',
  ghtk: 'GHTK',
} as const satisfies Record<OutsideProvider, string>;
export type OutboundProvider = OutsideProvider;
