import type { NotificationChannel } from 'shared-contracts/notifications';

export const preferencesText = {
  title: 'Thông báo',
  intro: 'Chọn kênh nhận thông báo cho từng loại tin. Thông báo trên trang (biểu tượng chuông) luôn được ghi lại.',
  caption: 'Kênh nhận thông báo theo từng loại tin',
  topic: 'Loại tin',
  checkbox: (topic: string, channel: string) => `${topic} qua ${channel}`,
  unreachable: {
    push: 'Bật thông báo trên trình duyệt bên dưới để nhận qua kênh này.',
    zalo: 'Thêm số điện thoại để nhận Zalo/SMS.',
    sms: 'Thêm số điện thoại để nhận Zalo/SMS.',
    email: 'Xác minh email để nhận thông báo qua email.',
  } satisfies Record<NotificationChannel, string>,
  marketing:
    'Khuyến mại: chúng tôi chỉ gửi khi bạn tự chọn nhận (mặc định tắt) và bạn có thể tắt bất cứ lúc nào. Báo giảm giá và hàng về của sản phẩm bạn yêu thích đi theo loại tin Đơn hàng.',
  smsCost: 'SMS dùng khi các kênh khác không gửi được.',
  save: 'Lưu',
  saving: 'Đang lưu…',
  saved: 'Đã lưu lựa chọn nhận thông báo.',
  loading: 'Đang tải lựa chọn nhận thông báo…',
  loadFailed: 'Chưa tải được lựa chọn nhận thông báo.',
  retry: 'Thử lại',
  // this browser
  pushTitle: 'Thông báo trên trình duyệt này',
  pushOn: 'Trình duyệt này đang nhận thông báo.',
  pushOff: 'Nhận thông báo ngay trên máy này, kể cả khi không mở trang.',
  enable: 'Bật thông báo trên trình duyệt',
  enabling: 'Đang bật…',
  disable: 'Tắt',
  disabling: 'Đang tắt…',
  enabled: 'Đã bật thông báo trên trình duyệt này.',
  disabled: 'Đã tắt thông báo trên trình duyệt này.',
  unavailable: 'Máy chủ hiện chưa hỗ trợ thông báo trên trình duyệt. Bạn vẫn nhận thông báo qua các kênh khác.',
  unsupported: 'Trình duyệt này không hỗ trợ thông báo đẩy. Hãy dùng Chrome, Edge, Firefox hoặc Safari mới.',
  denied:
    'Bạn đã chặn thông báo của trang này. Để bật lại, hãy mở cài đặt trang web của trình duyệt (biểu tượng ổ khóa cạnh địa chỉ), cho phép Thông báo rồi thử lại.',
  failed: 'Không bật được thông báo trên trình duyệt. Vui lòng thử lại.',
};
