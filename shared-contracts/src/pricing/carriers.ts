/**
 * The carriers a web order ships with, their labels and the page where a tracking code is followed. The
 * shop's own shipper has no tracking page. Plain values (no zod) for the UI and the API alike.
 */
export const CARRIERS = ['GHN', 'GHTK', 'VIETTEL_POST', 'JT_EXPRESS', 'OWN_SHIPPER'] as const;
export type Carrier = (typeof CARRIERS)[number];

export const CARRIER_LABELS: Record<Carrier, string> = {
  GHN: 'GHN (Giao Hàng Nhanh)',
  GHTK: 'GHTK (Giao Hàng Tiết Kiệm)',
  VIETTEL_POST: 'Viettel Post',
  JT_EXPRESS: 'J&T Express',
  OWN_SHIPPER: 'Nhân viên giao hàng của cửa hàng',
};

/** The tracking page of each carrier, `{code}` replaced by the URL-encoded tracking code. */
export const CARRIER_TRACKING_URLS: Record<Carrier, string | null> = {
  GHN: 'https://donhang.ghn.vn/?order_code={code}',
  GHTK: 'https://i.ghtk.vn/{code}',
  VIETTEL_POST: 'https://viettelpost.com.vn/tra-cuu-hanh-trinh-don/?peopleTracking=sender&orderNumber={code}',
  JT_EXPRESS: 'https://jtexpress.vn/vi/tracking?type=track&billcode={code}',
  OWN_SHIPPER: null,
};

/** Tracking codes: letters, digits and dashes, 4–40 characters. */
export const TRACKING_CODE_PATTERN = /^[A-Za-z0-9-]{4,40}$/;

/** The carrier's page for this tracking code, or null (the shop's own shipper, or no code). */
export function trackingUrl(carrier: Carrier, code: string | null): string | null {
  const template = CARRIER_TRACKING_URLS[carrier];
  if (!template || !code) return null;
  return template.replace('{code}', encodeURIComponent(code));
}
