import { WARRANTY_CLAIM_STATUS_LABELS, type WarrantyClaimStatus } from 'shared-contracts/schemas';

export const warrantyMessages = {
  notFound: 'Không tìm thấy hồ sơ bảo hành.',
  changed: 'Hồ sơ bảo hành vừa được người khác cập nhật. Đã tải lại bản mới nhất.',
  wrongStatus: (status: WarrantyClaimStatus) => `Hồ sơ đang ở trạng thái "${WARRANTY_CLAIM_STATUS_LABELS[status]}", không thể thực hiện thao tác này.`,
  photoNotOfOrder: 'Ảnh đã chọn không thuộc phiếu dịch vụ của hồ sơ.',
  approvedOverClaimed: 'Số tiền hãng duyệt không được lớn hơn số tiền yêu cầu.',
  creditedOverApproved: 'Số tiền nhận không được lớn hơn số tiền hãng đã duyệt.',
  saved: 'Đã lưu hồ sơ bảo hành.',
  submitted: 'Đã gửi hồ sơ bảo hành cho hãng.',
  approved: 'Đã ghi nhận hãng duyệt hồ sơ.',
  rejected: 'Đã ghi nhận hãng từ chối hồ sơ.',
  credited: 'Đã ghi nhận tiền hãng trả.',
  createdNote: 'Lập từ hoá đơn của phiếu dịch vụ.',
} as const;
