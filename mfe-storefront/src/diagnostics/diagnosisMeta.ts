/**
 * The diagnostics page's title (all the routes module, the first load of '/', needs of it) and description; the
 * rest of its copy is in diagnosisText.ts, in the page's own chunk.
 */
export const DIAGNOSIS_TITLE = 'Chẩn đoán AI';

export const DIAGNOSIS_DESCRIPTION =
  'Chẩn đoán sơ bộ miễn phí cho xe điện: chọn triệu chứng, xem các hạng mục có khả năng gặp vấn đề, mức độ khẩn cấp và đặt lịch kiểm tra.';
