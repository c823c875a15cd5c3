/**
 * mfe-account's own Vietnamese strings. The spec's verification strings (banner, modal, success and
 * failure messages) are shared and live in shared-contracts' `messages.verification`.
 */
export const vi = {
  profile: {
    title: 'Hồ sơ cá nhân',
    description: 'Xem và cập nhật thông tin cá nhân, ảnh đại diện và mật khẩu của bạn.',
  },
  dashboard: {
    title: 'Bảng điều khiển',
    description: 'Tổng quan tài khoản của bạn: xe, lịch sử bảo dưỡng và hồ sơ cá nhân ở một nơi.',
    linksLabel: 'Lối tắt tài khoản',
    links: [
      { to: '/my-vehicles', label: 'Xe của tôi' },
      { to: '/maintenance-history', label: 'Lịch sử bảo dưỡng' },
      { to: '/profile', label: 'Hồ sơ cá nhân' },
    ],
  },
  myVehicles: {
    title: 'Xe của tôi',
    description: 'Quản lý các xe điện của bạn để đặt lịch và theo dõi bảo dưỡng nhanh hơn.',
  },
  maintenanceHistory: {
    title: 'Lịch sử bảo dưỡng',
    description: 'Xem lại các lần bảo dưỡng và sửa chữa đã thực hiện cho xe của bạn.',
  },
  login: {
    title: 'Đăng nhập',
    description: 'Đăng nhập để đặt lịch, theo dõi xe và quản lý đơn hàng của bạn.',
  },
  register: {
    title: 'Đăng ký tài khoản',
    description: 'Tạo tài khoản EV Service để đặt lịch dịch vụ và mua phụ tùng dễ dàng hơn.',
  },
  forgotPassword: {
    title: 'Quên mật khẩu',
    description: 'Nhận hướng dẫn đặt lại mật khẩu qua email bạn đã đăng ký.',
  },
  resetPassword: {
    title: 'Đặt lại mật khẩu',
    description: 'Tạo mật khẩu mới cho tài khoản của bạn.',
  },
  authLinks: {
    label: 'Liên kết tài khoản',
    noAccount: 'Chưa có tài khoản?',
    register: 'Đăng ký ngay',
    hasAccount: 'Đã có tài khoản?',
    login: 'Đăng nhập',
    forgotPassword: 'Quên mật khẩu?',
    backToLogin: 'Quay lại đăng nhập',
    requestAgain: 'Gửi lại yêu cầu đặt lại mật khẩu',
  },
  verification: {
    bannerLabel: 'Thông báo xác thực email',
    verifying: 'Đang xác thực...',
    loginRequired: 'Vui lòng đăng nhập để xác thực email.',
  },
  dev: {
    harnessLabel: 'mfe-account (chạy riêng)',
    pagesLabel: 'Các trang tài khoản',
  },
} as const;
