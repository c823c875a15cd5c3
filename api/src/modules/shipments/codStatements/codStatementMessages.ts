import { formatVndPlain } from 'shared-contracts/schemas';

/** Vietnamese messages of the COD statements (đối soát COD), shown as is. */
export const codStatementMessages = {
  notShippingCentre: 'Chỉ quản trị viên hoặc quản lý của trung tâm giao hàng online được đối soát COD.',
  missingFile: 'Vui lòng chọn tệp CSV bảng đối soát COD (gửi text/csv hoặc multipart, trường file).',
  notUtf8: 'Tệp CSV phải được lưu với bảng mã UTF-8.',
  tooLarge: 'Tệp bảng đối soát không được lớn hơn 2 MB.',
  tooManyLines: 'Bảng đối soát tối đa 5.000 dòng, vui lòng chia thành nhiều tệp.',
  unreadable: 'Không đọc được tệp CSV bảng đối soát.',
  empty: 'Bảng đối soát không có dòng nào.',
  missingColumns: (carrier: string, columns: string[]) => `Tệp không phải bảng đối soát COD của ${carrier}: thiếu cột ${columns.map((column) => `"${column}"`).join(', ')}.`,
  badLines: 'Bảng đối soát có dòng không hợp lệ; chưa có gì được lưu.',
  noTrackingCode: (line: number) => `Dòng ${line}: thiếu mã đơn hàng (mã vận đơn).`,
  badAmount: (line: number, column: string) => `Dòng ${line}: "${column}" không phải số tiền hợp lệ.`,
  periodOrder: 'Ngày bắt đầu kỳ đối soát phải trước hoặc bằng ngày kết thúc.',
  imported: (matched: number, queued: number) =>
    queued === 0 ? `Đã đối soát ${matched} vận đơn, tất cả đều khớp.` : `Đã đối soát: ${matched} vận đơn khớp, ${queued} dòng chuyển vào hàng đợi ngoại lệ.`,
  alreadyImported: 'Bảng đối soát này đã được nhập trước đó; không có gì thay đổi.',
  busy: 'Một bảng đối soát khác vừa ghi nhận cùng vận đơn, vui lòng thử lại.',
  exceptionContent: (carrier: string, reference: string, trackingCode: string) => `Đối soát COD ${carrier} ${reference}: vận đơn ${trackingCode}`,
  mismatchNote: (received: number, expected: number | null) =>
    expected === null ? `Đơn vị vận chuyển báo thu hộ ${formatVndPlain(received)} cho vận đơn không chờ tiền thu hộ.` : `Đơn vị vận chuyển báo thu hộ ${formatVndPlain(received)}, cửa hàng chờ ${formatVndPlain(expected)}.`,
} as const;
