/** The e-invoices' own copy (the order's page, the visit's card on the dashboard, the maintenance history's visits). */
export const eInvoicesText = {
  heading: 'Hóa đơn điện tử',
  loading: 'Đang tải hóa đơn điện tử…',
  loadFailed: 'Chưa tải được hóa đơn điện tử.',
  /** A web order is invoiced at hand-over (Decree 123/2020 Art. 9(1)): nothing before delivery or collection. */
  atHandOver: 'Hóa đơn điện tử sẽ được phát hành khi đơn hàng được giao.',
  /** Sold, not issued yet (queued, being sent, or a failure the shop retries: its error is the shop's, not shown). */
  issuing: 'Hóa đơn điện tử đang được phát hành.',
  pending: 'Đang phát hành',
  listLabel: 'Các hóa đơn điện tử',
  seriesNumber: (series: string, number: number | string) => `Ký hiệu ${series} · Số ${number}`,
  issuedOn: (date: string) => `Ngày ${date}`,
  taxAuthorityCode: 'Mã của cơ quan thuế',
  lookupCode: 'Mã tra cứu',
  lookupCodeWhat: 'mã tra cứu',
  amount: 'Tổng tiền thanh toán',
  decrease: 'Điều chỉnh giảm',
  increase: 'Điều chỉnh tăng',
  download: 'Tải hóa đơn (PDF)',
  downloading: 'Đang tải…',
  lookup: 'Tra cứu',
  newTab: '(mở trong thẻ mới)',
} as const;
