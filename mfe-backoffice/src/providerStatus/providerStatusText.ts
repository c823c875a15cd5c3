import type { OutsideProvider, ProviderStatus } from 'shared-contracts/schemas';

/** The Vietnamese strings of the owner's panel of outside providers (/admin). */
export const providerStatusText = {
  heading: 'Nhà cung cấp bên ngoài',
  intro: 'Các dịch vụ bên ngoài mà hệ thống gọi đến (thanh toán, tin nhắn, thư, ảnh, đăng nhập Google). Tự cập nhật mỗi 15 giây.',
  loading: 'Đang tải tình trạng nhà cung cấp…',
  loadFailed: 'Không tải được tình trạng nhà cung cấp. Vui lòng thử lại.',
  retry: 'Tải lại tình trạng nhà cung cấp',
  /** The one alert of the panel: the providers that are down now. */
  downSummary: (names: readonly string[]) => `Cần chú ý: ${names.join(', ')} đang lỗi.`,
  ok: 'Hoạt động bình thường',
  /** A provider that is not configured calls nothing: not "working". */
  unused: 'Không sử dụng',
  down: (name: string, until: string | null) => (until ? `${name} đang lỗi — tạm ngừng gọi đến ${until}` : `${name} đang lỗi — tạm ngừng gọi`),
  retrying: (name: string, at: string | null) => (at ? `${name} vừa lỗi lúc ${at}, đang thử lại` : `${name} vừa lỗi, đang thử lại`),
  lastError: (error: string) => `Lỗi: ${error}`,
  since: (at: string) => `Từ ${at}`,
  setupLabel: 'Cách dùng',
  setup: {
    live: 'Đang dùng thật',
    'stand-in': 'Giả lập (môi trường phát triển)',
    local: 'Lưu tại máy chủ',
    off: 'Chưa cấu hình',
  } satisfies Record<ProviderStatus['setup'], string>,
  /** What 'local' keeps where, for the providers that have a local way. */
  localDetail: {
    smtp: 'Lưu tại máy chủ (thư nằm trong hộp thư phát triển, không gửi đi)',
    s3: 'Lưu tại máy chủ (ảnh nằm trong thư mục của máy chủ)',
  } satisfies Partial<Record<OutsideProvider, string>>,
  waiting: (count: string) => `${count} tin đang chờ gửi`,
  oldestWaiting: (at: string) => `(cũ nhất từ ${at})`,
  checkedAt: (at: string) => `Cập nhật lúc ${at}`,
  stale: (at: string) => `Không cập nhật được tình trạng mới, đang hiển thị tình trạng lúc ${at}. Hệ thống sẽ tự thử lại.`,
} as const;
