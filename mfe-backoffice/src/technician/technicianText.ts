/** The technician pages' own Vietnamese copy (their chunks only; the area's page titles live in i18n/vi). */

/** 135 → '2 giờ 15 phút'; 45 → '45 phút'; 0 → '0 phút'. */
export function formatMinutes(total: number): string {
  const minutes = Math.max(0, Math.round(total));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} phút`;
  return rest === 0 ? `${hours} giờ` : `${hours} giờ ${rest} phút`;
}

/** Elapsed seconds as a stopwatch: 3725 → '01:02:05'. */
export function formatElapsed(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}

export const technicianText = {
  loading: 'Đang tải...',
  loadFailed: 'Không tải được dữ liệu. Vui lòng thử lại.',
  retry: 'Thử lại',
  actionFailed: 'Thao tác chưa thực hiện được. Vui lòng thử lại.',

  order: {
    heading: (code: string, plate: string) => `${code} · ${plate}`,
    status: 'Trạng thái',
    vehicle: 'Xe',
    customer: 'Khách hàng',
    bay: 'Khoang',
    noBay: 'Chưa xếp khoang',
    openedAt: 'Tiếp nhận lúc',
    worked: 'Đã làm',
    checklist: 'Kiểm tra',
    checklistCount: (answered: number, total: number) => `${answered}/${total} mục`,
    flags: {
      clockRunning: 'Đang bấm giờ',
      waitingApproval: 'Chờ khách duyệt',
      waitingParts: 'Chờ phụ tùng',
    },
    openChecklist: 'Mở danh sách kiểm tra',
    openChecklistLabel: (code: string) => `Mở danh sách kiểm tra của phiếu ${code}`,
    unassignedNote: 'Chưa phân công. Bấm “Bắt đầu” để nhận phiếu này và bắt đầu làm.',
  },

  actions: {
    start: 'Bắt đầu',
    pause: 'Tạm dừng',
    resume: 'Tiếp tục',
    finish: 'Hoàn thành',
    label: (action: string, code: string) => `${action} phiếu ${code}`,
    busy: 'Đang xử lý...',
    started: (code: string) => `Đã bắt đầu phiếu ${code}, đồng hồ đang chạy.`,
    paused: (code: string) => `Đã tạm dừng phiếu ${code}.`,
    resumed: (code: string) => `Đã tiếp tục phiếu ${code}.`,
    finished: (code: string) => `Phiếu ${code} đã hoàn thành.`,
    switched: (code: string) => `Đã chuyển đồng hồ sang phiếu ${code}.`,
    alreadyClockedIn: (activeCode: string | null) =>
      activeCode ? `Bạn đang bấm giờ cho phiếu ${activeCode}.` : 'Bạn đang bấm giờ cho một phiếu khác.',
    switchTo: 'Chuyển sang phiếu này',
    switchLabel: (code: string) => `Dừng phiếu đang bấm giờ và chuyển sang phiếu ${code}`,
    keep: 'Giữ nguyên',
    incomplete: 'Chưa thể hoàn thành: còn các mục kiểm tra chưa ghi kết quả.',
    pendingHeading: 'Mục chưa kiểm tra',
    goToChecklist: 'Đi tới danh sách kiểm tra',
    partsPending: 'Chưa thể hoàn thành: còn yêu cầu phụ tùng chưa xử lý xong.',
    partsPendingHeading: 'Yêu cầu phụ tùng đang chờ',
    goToPartsRequests: 'Xem yêu cầu phụ tùng',
    changed: 'Phiếu vừa được cập nhật, danh sách đã được tải lại. Vui lòng thử lại.',
  },

  dashboard: {
    clockHeading: 'Đồng hồ làm việc',
    clockIdle: 'Bạn chưa bấm giờ cho phiếu nào.',
    clockOn: (code: string, plate: string) => `Đang làm phiếu ${code} · ${plate}`,
    clockSince: 'Bắt đầu lúc',
    elapsed: 'Thời gian đã làm',
    kpiHeading: 'Chỉ số của tôi',
    today: 'Hôm nay',
    week: 'Tuần này',
    clocked: 'Giờ làm',
    done: 'Phiếu hoàn thành',
    ordersHeading: 'Xe được giao cho tôi',
    ordersEmpty: 'Hiện chưa có xe nào được giao cho bạn.',
    toQueue: 'Mở hàng đợi công việc',
  },

  queue: {
    mineHeading: 'Phiếu của tôi',
    mineEmpty: 'Bạn chưa có phiếu nào đang chờ hoặc đang làm.',
    unassignedHeading: 'Phiếu chưa phân công tại trung tâm',
    unassignedEmpty: 'Không có phiếu nào đang chờ phân công.',
    centre: (name: string) => `Trung tâm: ${name}`,
  },

  checklist: {
    chooseHeading: 'Chọn phiếu đang làm',
    chooseEmpty: 'Bạn không có phiếu nào đang thực hiện. Hãy bắt đầu một phiếu trong hàng đợi công việc.',
    openLabel: (code: string, plate: string) => `Phiếu ${code} · ${plate}`,
    badOrder: 'Mã phiếu không hợp lệ.',
    backToList: 'Chọn phiếu khác',
    backToQueue: 'Về hàng đợi công việc',
    progress: (answered: number, total: number) => `${answered}/${total} mục đã kiểm tra`,
    symptomsHeading: 'Triệu chứng',
    symptomSource: { customer: 'khách báo', staff: 'ghi nhận khi tiếp nhận' } as Record<string, string>,
    noSymptoms: 'Không có triệu chứng nào được ghi nhận.',
    flaggedFirst: (count: number) => `${count} mục nên kiểm tra kỹ được xếp lên đầu danh sách.`,
    extraChecksHeading: 'Nên kiểm tra thêm (không có trong danh sách)',
    flagged: 'Nên kiểm tra kỹ',
    flagLikelihood: (probability: number) => `Khả năng khoảng ${Math.round(probability * 100)}%.`,
    notEditable: 'Chỉ ghi được kết quả khi phiếu đang thực hiện. Hãy bấm “Bắt đầu” trong hàng đợi công việc.',
    empty: 'Phiếu này không có mục kiểm tra nào.',
    results: { PASS: 'Đạt', FAIL: 'Không đạt', NA: 'Không áp dụng' },
    resultGroup: (label: string) => `Kết quả: ${label}`,
    note: 'Ghi chú',
    noteFailHint: 'Bắt buộc khi không đạt (ít nhất 5 ký tự).',
    saving: 'Đang lưu...',
    saved: 'Đã lưu',
    saveFailed: 'Chưa lưu được kết quả. Vui lòng thử lại.',
    /** read after 'Thử lại' (visually hidden) */
    retryWhat: (label: string) => `lưu mục ${label}`,
    requestPart: 'Yêu cầu phụ tùng',
    requestPartFor: (label: string) => `cho mục ${label}`,
    finishHint: 'Ghi kết quả cho mọi mục rồi bấm Hoàn thành.',
  },

  photos: {
    heading: 'Ảnh',
    add: 'Chụp hoặc chọn ảnh',
    /** read after 'Chụp hoặc chọn ảnh' by screen readers (visually hidden) */
    addFor: (label: string) => `cho mục ${label}`,
    count: (count: number, max: number) => `${count}/${max} ảnh`,
    full: (max: number) => `Đã đủ ${max} ảnh, tối đa cho mỗi mục.`,
    tooMany: (max: number) => `Mỗi mục chỉ được tối đa ${max} ảnh.`,
    tooLarge: (mb: number) => `Ảnh vượt quá ${mb} MB, vui lòng chọn ảnh nhỏ hơn.`,
    badType: 'Chỉ nhận ảnh JPEG, PNG hoặc WebP.',
    uploading: (name: string) => `Đang tải ảnh ${name} lên`,
    progress: (percent: number) => `${percent}%`,
    uploaded: 'Đã tải ảnh lên.',
    uploadFailed: 'Không tải được ảnh lên. Vui lòng thử lại.',
    photoAlt: (index: number, label: string) => `Ảnh ${index} của mục ${label}`,
    remove: 'Xóa',
    /** read after 'Xóa' (visually hidden) */
    removeWhat: (index: number, label: string) => `ảnh ${index} của mục ${label}`,
    removed: 'Đã xóa ảnh.',
    removeFailed: 'Không xóa được ảnh. Vui lòng thử lại.',
    dismiss: 'Bỏ qua',
    /** read after 'Thử lại' (visually hidden) */
    retryWhat: (name: string) => `tải ảnh ${name}`,
  },
} as const;
