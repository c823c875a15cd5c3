/** The Vietnamese answers of shifts and time entry corrections (spec back-office.md §3, §5, §7 M3, M4). */
export const shiftsMessages = {
  weekStartInvalid: 'Tuần không hợp lệ: hãy chọn ngày thứ Hai của tuần, dạng YYYY-MM-DD.',
  workDateInvalid: 'Ngày làm việc không tồn tại.',
  shiftTimeOrder: 'Giờ kết thúc ca phải sau giờ bắt đầu.',
  outsideHours: (openTime: string, closeTime: string) => `Ca làm phải nằm trong giờ mở cửa của trung tâm (${openTime}–${closeTime}).`,
  technicianNotAssigned: 'Kỹ thuật viên này hiện không thuộc trung tâm nào. Hãy phân công trước khi xếp ca.',
  shiftNotFound: 'Không tìm thấy ca làm.',
  shiftSaved: 'Đã lưu ca làm.',
  shiftDeleted: 'Đã xoá ca làm.',
  copied: (count: number) => `Đã sao chép ${count} ca từ tuần trước.`,
  entryNotFound: 'Không tìm thấy lượt bấm giờ.',
  entryRunning: 'Lượt bấm giờ này đang chạy: chỉ chỉnh sửa được sau khi kỹ thuật viên tạm dừng hoặc hoàn thành.',
  entryOrder: 'Thời điểm kết thúc phải sau thời điểm bắt đầu.',
  entryFuture: 'Không thể ghi giờ làm ở thời điểm trong tương lai.',
  entryOverlap: (code: string) => `Khoảng thời gian này trùng với một lượt bấm giờ khác của kỹ thuật viên (phiếu ${code}).`,
  entryChanged: 'Lượt bấm giờ vừa được người khác thay đổi, vui lòng tải lại.',
  entryCorrected: 'Đã chỉnh sửa giờ làm.',
} as const;
