/**
 * The Vietnamese message catalogue: every UI string of the product spec, exactly as written there,
 * plus the strings the product adds. Components read text from here, never inline.
 */
export const messages = {
  brand: {
    name: 'EV Service',
    tagline: 'Dịch vụ & phụ tùng xe điện',
  },
  header: {
    services: 'Dịch vụ',
    products: 'Sản phẩm',
    promotions: 'Ưu đãi',
    packages: 'Gói dịch vụ',
    contact: 'Liên hệ',
    search: 'Tìm kiếm',
    cart: 'Giỏ hàng',
    cartWithCount: (count: number) => `Giỏ hàng, ${count} sản phẩm`,
    profile: 'Tài khoản',
    /** The customer's points page (/loyalty), a link in the header's account actions. */
    loyalty: 'Điểm thưởng',
    logout: 'Đăng xuất',
    login: 'Đăng nhập',
    bookNow: 'Đặt chỗ ngay',
    openMenu: 'Mở menu',
    closeMenu: 'Đóng menu',
    mainNavigation: 'Điều hướng chính',
  },
  footer: {
    allRightsReserved: 'All rights reserved',
    copyright: (year: number) => `© ${year} EV Service.`,
  },
  auth: {
    loginFailed: 'Login failed',
    googleLoginFailed: 'Google login failed',
    currentUserFailed: 'Failed to get current user',
    loggedOut: 'Đã đăng xuất',
    welcome: (name: string) => `Chào mừng ${name}! Đăng nhập thành công.`,
    sessionExpired: 'Phiên đăng nhập đã hết hạn. Vui lòng đăng nhập lại.',
  },
  verification: {
    bannerText: 'Tài khoản của bạn chưa được xác thực email.',
    resendEmail: 'Gửi lại email',
    sending: 'Đang gửi...',
    verifyEmail: 'Xác thực email',
    resendEmailSuccess: 'Đã gửi lại email xác thực. Vui lòng kiểm tra hộp thư.',
    resendEmailFailure: 'Không thể gửi lại email xác thực. Vui lòng thử lại.',
    otpVerifyFailure: 'Mã OTP không đúng. Vui lòng thử lại.',
    otpResendSuccess: 'Đã gửi lại mã OTP. Vui lòng kiểm tra email.',
    otpResendFailure: 'Không thể gửi lại mã OTP. Vui lòng thử lại.',
    verifySuccess: 'Xác thực email thành công!',
    modalTitle: 'Xác thực email',
    codeSentTo: (email: string) => `Mã xác thực gồm 6 chữ số đã được gửi tới ${email}.`,
    codeLabel: 'Mã OTP',
    resendCode: 'Gửi lại mã',
    verify: 'Xác thực',
    close: 'Đóng',
  },
  remote: {
    loading: 'Đang tải...',
    failed: (area: string) => `Không thể tải khu vực ${area}. Vui lòng thử lại.`,
    retry: 'Thử lại',
    badManifest: 'Cấu hình ứng dụng không hợp lệ. Vui lòng liên hệ quản trị viên.',
    areaNames: {
      mfe_storefront: 'Cửa hàng',
      mfe_account: 'Tài khoản',
      mfe_backoffice: 'Quản trị',
    },
  },
  notFound: {
    title: 'Không tìm thấy trang',
    description: 'Trang bạn tìm không tồn tại hoặc đã được di chuyển.',
    backHome: 'Về trang chủ',
  },
  errors: {
    generic: 'Đã có lỗi xảy ra. Vui lòng thử lại.',
    server: 'Máy chủ đang gặp sự cố. Vui lòng thử lại sau.',
    network: 'Không thể kết nối tới máy chủ. Vui lòng kiểm tra mạng và thử lại.',
    timeout: 'Máy chủ phản hồi quá lâu. Vui lòng thử lại.',
    badResponse: 'Phản hồi từ máy chủ không hợp lệ.',
    requestCancelled: 'Yêu cầu đã bị hủy.',
    unexpected: 'Đã có lỗi không mong muốn. Vui lòng tải lại trang.',
  },
  toast: {
    close: 'Đóng thông báo',
  },
  /** An order sent without an answer (network, timeout, 5xx): it may exist; its Idempotency-Key makes a retry safe. */
  checkout: {
    notConfirmed: 'Chưa xác nhận được đơn hàng do lỗi kết nối hoặc máy chủ đang gặp sự cố. Vui lòng bấm "Đặt hàng" để thử lại; bạn sẽ không bị đặt trùng.',
    pendingHeading: 'Đơn hàng chưa được xác nhận',
    pendingText: 'Chưa xác nhận được đơn hàng bạn đã gửi (lỗi kết nối hoặc máy chủ). Vui lòng thử lại; bạn sẽ không bị đặt trùng.',
    pendingDiffers: 'Giỏ hàng hoặc thông tin nhận hàng hiện tại khác đơn này: bấm "Đặt hàng" bên dưới sẽ tạo một đơn hàng khác.',
    retry: 'Thử lại đơn hàng này',
    /** On /cart while such an order waits (its lines may have left the server's cart). */
    pendingOnCart: 'Bạn có một đơn hàng đã gửi nhưng chưa được xác nhận.',
    pendingOnCartLink: 'Xem và thử lại đơn hàng',
  },
} as const;

export type Messages = typeof messages;
