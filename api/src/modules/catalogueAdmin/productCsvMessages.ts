import { PRODUCT_CSV_MAX_ROWS } from './productCsvColumns';

/** The Vietnamese answers of the product CSV import (shop-operations.md §2 "Bulk", §7). */
export const productCsvMessages = {
  tooLarge: 'Tệp CSV không được lớn hơn 5 MB.',
  tooManyRows: `Tệp CSV có nhiều hơn ${PRODUCT_CSV_MAX_ROWS.toLocaleString('vi-VN')} dòng sản phẩm. Vui lòng chia thành nhiều tệp.`,
  missingFile: 'Vui lòng chọn tệp CSV (gửi text/csv hoặc multipart, trường file).',
  notUtf8: 'Tệp CSV phải được lưu với bảng mã UTF-8.',
  unreadable: (line: number | null) => (line === null ? 'Không đọc được tệp CSV.' : `Không đọc được tệp CSV (lỗi định dạng ở dòng ${line}).`),
  empty: 'Tệp CSV không có dòng sản phẩm nào.',
  missingColumn: (column: string) => `Tệp CSV thiếu cột "${column}" ở dòng tiêu đề.`,
  unknownColumn: (column: string) => `Cột "${column}" không được hỗ trợ trong tệp CSV sản phẩm.`,
  duplicateColumn: (column: string) => `Cột "${column}" xuất hiện hai lần ở dòng tiêu đề.`,
  categoryUnknown: (name: string) => `Danh mục "${name}" không tồn tại.`,
  brandUnknown: (name: string) => `Thương hiệu "${name}" không tồn tại.`,
  duplicateSku: (sku: string, first: number, second: number) => `Mã SKU "${sku}" xuất hiện ở cả dòng ${first} và dòng ${second}.`,
  invalid: (count: number) => `Tệp CSV có ${count.toLocaleString('vi-VN')} dòng không hợp lệ; chưa có gì được lưu.`,
  stale: (sku: string, row: number) => `Sản phẩm ${sku} (dòng ${row}) vừa được người khác cập nhật; chưa có gì được lưu. Vui lòng chạy thử lại.`,
  skuTakenMeanwhile: 'Một mã SKU trong tệp vừa được tạo ở nơi khác; chưa có gì được lưu. Vui lòng chạy thử lại.',
  checked: 'Đã kiểm tra tệp CSV.',
  applied: 'Đã nhập tệp CSV.',
} as const;
