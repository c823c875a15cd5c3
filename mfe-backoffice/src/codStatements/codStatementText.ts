import type { IntegratedCarrier } from 'shared-contracts/pricing';

/**
 * The columns the import reads from each carrier's export (api/src/modules/shipments/codStatements/codStatementCsv.ts,
 * COD_STATEMENT_COLUMNS), as the page names them: the waybill code, the COD remitted, the carrier's fee.
 */
export const COD_STATEMENT_FILE_COLUMNS: Record<IntegratedCarrier, readonly [string, string, string]> = {
  GHN: ['Mã đơn hàng', 'Tiền thu hộ', 'Phí'],
  GHTK: ['Mã đơn hàng', 'Tiền CoD', 'Phí'],
};

/** Where each carrier's merchant portal exports the statement. */
const PORTALS: Record<IntegratedCarrier, string> = {
  GHN: 'khachhang.ghn.vn',
  GHTK: 'khachhang.giaohangtietkiem.vn',
};

const quoted = (columns: readonly string[]) => columns.map((column) => `"${column}"`).join(', ');

/** The "Đối soát COD" page's Vietnamese text. */
export const codStatementText = {
  importHeading: 'Nhập bảng đối soát COD',
  importIntro:
    'Mỗi dòng khớp đúng số tiền thu hộ cửa hàng đang chờ được ghi nhận đã nhận tiền; dòng lệch số tiền hoặc vận đơn không tìm thấy được chuyển vào hàng đợi "Giao dịch cần xử lý". Mỗi bảng (đơn vị vận chuyển, mã bảng) chỉ được nhập một lần.',
  fileHelp: (carrier: IntegratedCarrier) =>
    `Tệp CSV xuất từ trang ${PORTALS[carrier]} (Đối soát → Xuất Excel, lưu dạng CSV UTF-8), phân cách bằng dấu phẩy hoặc chấm phẩy, tối đa 2 MB và 5.000 dòng. Dòng đầu là tên cột, cần có ${quoted(COD_STATEMENT_FILE_COLUMNS[carrier])}; các cột khác được bỏ qua.`,
  carrier: 'Đơn vị vận chuyển',
  reference: 'Mã bảng đối soát',
  referenceHelp: 'Mã phiên đối soát in trên bảng của đơn vị vận chuyển, ví dụ GHN-DS-2611-01.',
  period: 'Kỳ đối soát (không bắt buộc)',
  periodFrom: 'Từ ngày',
  periodTo: 'Đến ngày',
  file: 'Tệp CSV bảng đối soát',
  submit: 'Nhập bảng đối soát',
  submitting: 'Đang nhập…',
  referenceMissing: 'Vui lòng nhập mã bảng đối soát.',
  periodOrder: 'Ngày bắt đầu kỳ đối soát phải trước hoặc bằng ngày kết thúc.',
  fileMissing: 'Vui lòng chọn tệp CSV bảng đối soát.',
  fileTooLarge: (size: string) => `Tệp bảng đối soát không được lớn hơn 2 MB (tệp đã chọn: ${size}).`,
  importFailed: 'Không nhập được bảng đối soát. Vui lòng thử lại.',

  resultHeading: 'Kết quả đối soát',
  alreadyImported: 'Đã nhập trước đó',
  statementOf: (carrier: string, reference: string) => `${carrier} · ${reference}`,
  lines: 'Số dòng',
  matched: 'Khớp',
  mismatched: 'Lệch',
  unknown: 'Không tìm thấy',
  totalCod: 'Tổng tiền thu hộ',
  totalFee: 'Tổng phí vận chuyển',
  allMatched: 'Mọi dòng đều khớp: không có ngoại lệ.',
  exceptionsCaption: (count: number) => `${count} dòng chuyển vào hàng đợi ngoại lệ`,
  lineNo: 'Dòng',
  trackingCode: 'Mã vận đơn',
  orderCode: 'Mã đơn hàng',
  statementAmount: 'Thu hộ theo bảng',
  expectedAmount: 'Cửa hàng chờ',
  outcome: 'Kết quả',
  exception: 'Ngoại lệ',
  openException: (id: number) => `Xem ngoại lệ #${id}`,
  noValue: '—',
  exceptionsQueue: 'Mở hàng đợi "Giao dịch cần xử lý"',

  listHeading: 'Các bảng đối soát đã nhập',
  listCaption: 'Các bảng đối soát đã nhập, mới nhất trước',
  loading: 'Đang tải…',
  listFailed: 'Không tải được các bảng đối soát COD. Vui lòng thử lại.',
  retry: 'Thử lại',
  empty: 'Chưa có bảng đối soát nào được nhập.',
  periodColumn: 'Kỳ đối soát',
  importedAt: 'Nhập lúc',
  importedBy: 'Người nhập',
  periodRange: (from: string | null, to: string | null) => (from && to ? `${from} – ${to}` : from ? `Từ ${from}` : to ? `Đến ${to}` : '—'),
} as const;
