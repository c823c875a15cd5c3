import { TIME_ENTRY_REASON_MAX, TIME_ENTRY_REASON_MIN } from 'shared-contracts/backoffice';
import { formatCalendarDate } from 'shared-contracts/calendar';

/** Minimum and maximum length of a correction reason (the server checks the same). */
export const REASON_MIN = TIME_ENTRY_REASON_MIN;
export const REASON_MAX = TIME_ENTRY_REASON_MAX;

const hours = (minutes: number) => {
  const whole = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${whole} giờ` : `${whole} giờ ${rest} phút`;
};

/** Every text of /manager?view=shifts (Vietnamese). */
export const shiftsText = {
  /** Monday first, as the API's `days`. */
  weekdays: ['Thứ 2', 'Thứ 3', 'Thứ 4', 'Thứ 5', 'Thứ 6', 'Thứ 7', 'Chủ nhật'] as const,
  title: 'Lịch ca tuần',
  weekRange: (from: string, to: string) => `Tuần ${formatCalendarDate(from)} – ${formatCalendarDate(to)}`,
  nav: { label: 'Chọn tuần', previous: 'Tuần trước', current: 'Tuần này', next: 'Tuần sau' },
  openingHours: (centre: string, open: string, close: string) => `${centre} mở cửa ${open}–${close}.`,
  columns: { technician: 'Kỹ thuật viên', total: 'Tổng giờ' },
  plannedTotal: (minutes: number) => (minutes > 0 ? hours(minutes) : '—'),
  shift: (start: string, end: string) => `${start}–${end}`,
  addShort: '+ Thêm',
  addLabel: (name: string, day: string) => `Thêm ca cho ${name}, ${day}`,
  editLabel: (name: string, day: string, time: string) => `Sửa ca của ${name}, ${day}: ${time}`,
  dayLabel: (weekday: string, date: string) => `${weekday} ${formatCalendarDate(date)}`,
  loading: 'Đang tải lịch ca…',
  loadFailed: 'Không tải được lịch ca.',
  retry: 'Thử lại',
  noTechnicians: 'Trung tâm chưa có kỹ thuật viên nào được phân công.',
  copy: {
    button: 'Sao chép tuần trước',
    title: 'Sao chép ca của tuần trước sang tuần này?',
    body: (from: string, to: string) =>
      `Ca của tuần ${formatCalendarDate(from)} – ${formatCalendarDate(to)} được chép sang cùng thứ của tuần đang xem. Ngày đã có ca được giữ nguyên; ca nằm ngoài giờ mở cửa hiện tại bị bỏ qua.`,
    confirm: 'Sao chép',
    busy: 'Đang sao chép…',
    done: (copied: number, skipped: number) =>
      `Đã sao chép ${copied} ca từ tuần trước.${skipped > 0 ? ` Bỏ qua ${skipped} ngày (đã có ca hoặc ngoài giờ mở cửa).` : ''}`,
  },
  dialog: {
    addTitle: (name: string, day: string) => `Thêm ca: ${name}, ${day}`,
    editTitle: (name: string, day: string) => `Sửa ca: ${name}, ${day}`,
    start: 'Giờ bắt đầu',
    end: 'Giờ kết thúc',
    hint: (open: string, close: string) => `Ca phải nằm trong giờ mở cửa của trung tâm: ${open}–${close}.`,
    save: 'Lưu ca',
    saving: 'Đang lưu…',
    cancel: 'Huỷ',
    remove: 'Xoá ca',
    required: 'Vui lòng nhập giờ bắt đầu và giờ kết thúc.',
    order: 'Giờ kết thúc ca phải sau giờ bắt đầu.',
  },
  remove: {
    title: (name: string, day: string) => `Xoá ca của ${name}, ${day}?`,
    body: (time: string) => `Ca ${time} sẽ bị xoá khỏi lịch.`,
    confirm: 'Xoá ca',
    busy: 'Đang xoá…',
  },
  done: {
    saved: 'Đã lưu ca làm.',
    removed: 'Đã xoá ca làm.',
  },
  actionFailed: 'Không thực hiện được thao tác.',
  reloaded: 'Lịch ca đã được tải lại.',

  entries: {
    title: 'Giờ làm thực tế',
    intro: 'Các lượt bấm giờ của kỹ thuật viên theo ngày. Chỉ sửa được lượt đã kết thúc, kèm lý do (được ghi lại).',
    date: 'Ngày',
    technician: 'Kỹ thuật viên',
    allTechnicians: 'Tất cả kỹ thuật viên',
    reload: 'Tải lại',
    caption: (date: string) => `Lượt bấm giờ ngày ${formatCalendarDate(date)}`,
    columns: { technician: 'Kỹ thuật viên', order: 'Phiếu', start: 'Bắt đầu', end: 'Kết thúc', minutes: 'Số phút', edit: 'Chỉnh sửa', actions: 'Thao tác' },
    running: 'Đang chạy',
    minutes: (value: number | null) => (value === null ? '—' : `${value} phút`),
    total: (minutes: number) => `Tổng: ${minutes} phút (${hours(minutes)})`,
    edited: (name: string, reason: string | null) => `Sửa bởi ${name}${reason ? `: “${reason}”` : ''}`,
    notEdited: '—',
    source: { clock: 'Bấm giờ', manual: 'Nhập tay' } as Record<string, string>,
    editShort: 'Sửa',
    editLabel: (name: string, code: string, start: string) => `Sửa lượt bấm giờ của ${name}, phiếu ${code}, bắt đầu ${start}`,
    runningNote: 'Đang chạy: sửa được sau khi dừng',
    loading: 'Đang tải giờ làm…',
    loadFailed: 'Không tải được giờ làm.',
    empty: 'Không có lượt bấm giờ nào trong ngày này.',
    truncated: 'Có quá nhiều lượt bấm giờ: chỉ hiện một phần, hãy chọn một kỹ thuật viên.',
    badDate: 'Vui lòng chọn một ngày hợp lệ.',
    reloaded: 'Danh sách giờ làm đã được tải lại.',
  },
  correct: {
    title: (name: string, code: string) => `Sửa giờ làm: ${name}, phiếu ${code}`,
    current: (start: string, end: string) => `Hiện tại: ${start} → ${end}`,
    previousEdit: (name: string, reason: string | null) => `Lần sửa gần nhất: ${name}${reason ? ` – “${reason}”` : ''}`,
    start: 'Bắt đầu',
    end: 'Kết thúc',
    timeHint: 'Giờ Việt Nam. Không được ở tương lai hay trùng lượt bấm giờ khác của kỹ thuật viên.',
    reason: 'Lý do chỉnh sửa',
    reasonHint: `Bắt buộc, ${REASON_MIN}–${REASON_MAX} ký tự. Lý do và người sửa được ghi lại.`,
    reasonRequired: 'Vui lòng nhập lý do chỉnh sửa.',
    reasonShort: `Lý do chỉnh sửa cần ít nhất ${REASON_MIN} ký tự.`,
    reasonLong: `Lý do chỉnh sửa tối đa ${REASON_MAX} ký tự.`,
    timeRequired: 'Vui lòng nhập đủ ngày giờ bắt đầu và kết thúc.',
    order: 'Thời điểm kết thúc phải sau thời điểm bắt đầu.',
    save: 'Lưu chỉnh sửa',
    saving: 'Đang lưu…',
    cancel: 'Huỷ',
    done: 'Đã chỉnh sửa giờ làm.',
  },
};
