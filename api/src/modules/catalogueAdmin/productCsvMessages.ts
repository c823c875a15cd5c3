import { FITMENT_QUANTITY_MAX, FITMENTS_PER_PRODUCT_MAX } from 'shared-contracts/schemas';
import { PRODUCT_CSV_HEADERS, PRODUCT_CSV_MAX_ROWS } from './productCsvColumns';

const FITMENTS = PRODUCT_CSV_HEADERS.fitments;

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
  fitmentEntry: (entry: string, reason: string) => `${FITMENTS} "${entry}": ${reason}`,
  fitmentForm: 'Mỗi xe viết dạng mã-dòng-xe[:năm-năm[:vị trí[:số lượng]]], các xe cách nhau bởi "|".',
  fitmentSlugUnknown: (slug: string) => `Không có dòng xe mã "${slug}".`,
  fitmentYears: 'Năm viết dạng 2022-2025, 2022- (đến nay), -2025 hoặc 2023.',
  fitmentPosition: (text: string) => `Vị trí lắp "${text}" không hợp lệ: Trước, Sau, Trái hoặc Phải (FRONT, REAR, LEFT, RIGHT).`,
  fitmentQuantity: `Số lượng mỗi xe phải từ 1 đến ${FITMENT_QUANTITY_MAX}.`,
  fitmentsTooMany: (count: number) => `${FITMENTS}: tối đa ${FITMENTS_PER_PRODUCT_MAX} xe cho một sản phẩm (ô có ${count.toLocaleString('vi-VN')}).`,
  fitmentsCleared: (count: number, applied: boolean) =>
    `Ô "${FITMENTS}" để trống: ${count.toLocaleString('vi-VN')} xe tương thích của sản phẩm ${applied ? 'đã được xoá' : 'sẽ bị xoá'}.`,
  checked: 'Đã kiểm tra tệp CSV.',
  applied: 'Đã nhập tệp CSV.',
} as const;
