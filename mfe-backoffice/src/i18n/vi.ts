import type { Role } from 'shared-contracts';

/** mfe-backoffice's own Vietnamese strings: the roles, the four role areas and their pages. */

/** Each role's name: the signed-in user's badge (the names the shell's work bar gives the areas), the lists' role column. */
export const ROLE_NAMES: Record<Role, string> = {
  customer: 'Khách hàng',
  staff: 'Nhân viên',
  technician: 'Kỹ thuật viên',
  manager: 'Quản lý',
  admin: 'Quản trị viên',
};

export type RoleArea = 'staff' | 'manager' | 'technician' | 'admin';

export interface AreaPageText {
  path: string;
  /** the page's title (its h1 and document title) */
  title: string;
  /** its entry in the area's side navigation */
  navLabel: string;
  description: string;
}

export interface AreaText {
  name: string;
  pages: readonly AreaPageText[];
}

export const AREAS: Record<RoleArea, AreaText> = {
  staff: {
    name: 'Khu vực nhân viên',
    pages: [
      {
        path: '/staff',
        title: 'Bảng điều khiển nhân viên',
        navLabel: 'Bảng điều khiển',
        description: 'Tổng quan công việc trong ngày tại trung tâm dịch vụ: lịch hẹn, khách hàng và phiếu dịch vụ.',
      },
      {
        path: '/staff/customers',
        title: 'Khách hàng',
        navLabel: 'Khách hàng',
        description: 'Tra cứu và cập nhật thông tin khách hàng cùng các xe của họ.',
      },
      {
        path: '/staff/appointments',
        title: 'Lịch hẹn',
        navLabel: 'Lịch hẹn',
        description: 'Xác nhận, tiếp nhận và sắp xếp các lịch hẹn bảo dưỡng, sửa chữa.',
      },
      {
        path: '/staff/service-orders',
        title: 'Phiếu dịch vụ',
        navLabel: 'Phiếu dịch vụ',
        description: 'Mở, theo dõi và hoàn tất phiếu dịch vụ cho các xe đã tiếp nhận.',
      },
      {
        path: '/staff/web-orders',
        title: 'Đơn hàng online',
        navLabel: 'Đơn hàng online',
        description: 'Đơn hàng đặt trên website: xác nhận, đóng gói, giao vận chuyển hoặc giao tại cửa hàng, hủy và hoàn tiền.',
      },
      {
        path: '/staff/messages',
        title: 'Tin nhắn',
        navLabel: 'Tin nhắn',
        description: 'Trao đổi với khách hàng về lịch hẹn, phiếu dịch vụ và đơn hàng: phân công, trả lời nhanh, gửi ảnh.',
      },
      {
        path: '/staff/cash-close',
        title: 'Chốt ca',
        navLabel: 'Chốt ca',
        description: 'Đếm tiền mặt trong két cuối ca, đối chiếu với số thu tại quầy theo sổ và ghi lý do nếu có chênh lệch.',
      },
    ],
  },
  manager: {
    name: 'Khu vực quản lý',
    pages: [
      {
        path: '/manager',
        title: 'Bảng điều khiển quản lý',
        navLabel: 'Bảng điều khiển',
        description: 'Theo dõi hoạt động của trung tâm dịch vụ: lịch hẹn, công suất khoang dịch vụ và doanh thu.',
      },
      {
        path: '/manager/catalogue',
        title: 'Danh mục sản phẩm',
        navLabel: 'Danh mục sản phẩm',
        description: 'Xem sản phẩm, giá và lịch sử thay đổi (chỉ xem).',
      },
      {
        path: '/manager/stock',
        title: 'Kho hàng',
        navLabel: 'Kho hàng',
        description: 'Tồn kho của trung tâm: nhập hàng từ nhà cung cấp, kiểm kê điều chỉnh, tồn tối thiểu và sổ phát sinh kho.',
      },
      {
        path: '/manager/web-orders',
        title: 'Đơn hàng online',
        navLabel: 'Đơn hàng online',
        description: 'Đơn hàng đặt trên website: xác nhận, đóng gói, giao vận chuyển hoặc giao tại cửa hàng, hủy và hoàn tiền.',
      },
      {
        path: '/manager/ratings',
        title: 'Đánh giá dịch vụ',
        navLabel: 'Đánh giá dịch vụ',
        description: 'Khách chấm điểm lượt dịch vụ: điểm trung bình, tỷ lệ 4–5★ theo kỹ thuật viên, khách cần gọi lại sau đánh giá thấp, ẩn đánh giá kèm lý do.',
      },
      {
        path: '/manager/cod-statements',
        title: 'Đối soát COD',
        navLabel: 'Đối soát COD',
        description: 'Nhập bảng đối soát tiền thu hộ (COD) của GHN, GHTK cho trung tâm giao hàng online: vận đơn khớp được ghi nhận đã nhận tiền, dòng lệch vào hàng đợi giao dịch cần xử lý.',
      },
      {
        path: '/manager/warranty-claims',
        title: 'Bảo hành hãng',
        navLabel: 'Bảo hành hãng',
        description: 'Hồ sơ bảo hành gửi hãng của trung tâm: mô tả hư hỏng và ảnh, gửi hãng, ghi nhận hãng duyệt hoặc từ chối và tiền hãng trả; báo cáo theo hãng và tháng.',
      },
    ],
  },
  technician: {
    name: 'Khu vực kỹ thuật viên',
    pages: [
      {
        path: '/technician',
        title: 'Bảng điều khiển kỹ thuật viên',
        navLabel: 'Bảng điều khiển',
        description: 'Tổng quan các xe được giao cho bạn và việc cần làm tiếp theo.',
      },
      {
        path: '/technician/work-queue',
        title: 'Hàng đợi công việc',
        navLabel: 'Hàng đợi công việc',
        description: 'Các phiếu dịch vụ đang chờ và đang thực hiện, theo thứ tự ưu tiên.',
      },
      {
        path: '/technician/checklists',
        title: 'Danh sách kiểm tra',
        navLabel: 'Danh sách kiểm tra',
        description: 'Ghi kết quả từng hạng mục kiểm tra (đạt, không đạt, không áp dụng) kèm ghi chú và ảnh.',
      },
      {
        path: '/technician/parts-request',
        title: 'Yêu cầu phụ tùng',
        navLabel: 'Yêu cầu phụ tùng',
        description: 'Gửi yêu cầu phụ tùng cần thay để nhân viên duyệt và xuất kho.',
      },
    ],
  },
  admin: {
    name: 'Khu vực quản trị',
    pages: [
      {
        path: '/admin',
        title: 'Bảng điều khiển quản trị',
        navLabel: 'Bảng điều khiển',
        description: 'Quản trị toàn hệ thống: người dùng, nhân sự và báo cáo.',
      },
      {
        path: '/admin/users',
        title: 'Người dùng',
        navLabel: 'Người dùng',
        description: 'Quản lý tài khoản người dùng và vai trò của họ.',
      },
      {
        path: '/admin/reports',
        title: 'Báo cáo',
        navLabel: 'Báo cáo',
        description: 'Báo cáo doanh thu, lịch hẹn và hoạt động dịch vụ theo thời gian.',
      },
      {
        path: '/admin/staff-management',
        title: 'Quản lý nhân sự',
        navLabel: 'Quản lý nhân sự',
        description: 'Quản lý nhân viên, kỹ thuật viên và phân công tại các trung tâm dịch vụ.',
      },
      {
        path: '/admin/models',
        title: 'Mô hình dự đoán',
        navLabel: 'Mô hình dự đoán',
        description: 'Mô hình dự đoán hư hỏng: số liệu từng hạng mục so với mức trung bình, biểu đồ hiệu chuẩn và huấn luyện lại.',
      },
      {
        path: '/admin/catalogue',
        title: 'Danh mục sản phẩm',
        navLabel: 'Danh mục sản phẩm',
        description: 'Tạo và sửa sản phẩm: giá, thuế, hình ảnh, mô tả, trạng thái bán; mọi thay đổi đều được ghi lại.',
      },
      {
        path: '/admin/vehicle-models',
        title: 'Dòng xe',
        navLabel: 'Dòng xe',
        description: 'Các dòng xe (hãng, dòng, phiên bản) khách chọn cho xe của mình và phụ tùng ghi là vừa: thêm, sửa, ngừng hoạt động hoặc cho hoạt động lại.',
      },
      {
        path: '/admin/recalls',
        title: 'Triệu hồi',
        navLabel: 'Triệu hồi',
        description: 'Chiến dịch triệu hồi của hãng: phạm vi theo dòng xe, năm sản xuất, dải VIN hoặc danh sách VIN; xe thuộc diện được báo cho chủ xe và theo dõi đến khi khắc phục.',
      },
      {
        path: '/admin/stock',
        title: 'Kho hàng',
        navLabel: 'Kho hàng',
        description: 'Tồn kho tại mọi điểm kho, kể cả kho bán online: nhập hàng từ nhà cung cấp, kiểm kê điều chỉnh và sổ phát sinh kho.',
      },
      {
        path: '/admin/web-orders',
        title: 'Đơn hàng online',
        navLabel: 'Đơn hàng online',
        description: 'Đơn hàng đặt trên website: xác nhận, đóng gói, giao vận chuyển hoặc giao tại cửa hàng, hủy và hoàn tiền.',
      },
      {
        path: '/admin/reviews',
        title: 'Đánh giá sản phẩm',
        navLabel: 'Đánh giá sản phẩm',
        description: 'Đánh giá sản phẩm của người mua: trả lời công khai, xử lý báo cáo, ẩn kèm lý do hoặc hiện lại.',
      },
      {
        path: '/admin/ratings',
        title: 'Đánh giá dịch vụ',
        navLabel: 'Đánh giá dịch vụ',
        description: 'Đánh giá lượt dịch vụ của mọi trung tâm: chỉ số, khách cần gọi lại, ẩn đánh giá kèm lý do.',
      },
      {
        path: '/admin/e-invoices',
        title: 'Hóa đơn điện tử',
        navLabel: 'Hóa đơn điện tử',
        description: 'Hóa đơn điện tử của đơn hàng online và hóa đơn dịch vụ: kiểm tra bán hàng chưa có hóa đơn, gửi lại hóa đơn lỗi, lập hóa đơn thay thế, thông báo sai sót.',
      },
      {
        path: '/admin/cod-statements',
        title: 'Đối soát COD',
        navLabel: 'Đối soát COD',
        description: 'Nhập bảng đối soát tiền thu hộ (COD) của GHN, GHTK: vận đơn khớp được ghi nhận đã nhận tiền, dòng lệch vào hàng đợi giao dịch cần xử lý.',
      },
      {
        path: '/admin/warranty-claims',
        title: 'Bảo hành hãng',
        navLabel: 'Bảo hành hãng',
        description: 'Hồ sơ bảo hành gửi hãng của mọi trung tâm: mô tả hư hỏng và ảnh, gửi hãng, ghi nhận hãng duyệt hoặc từ chối và tiền hãng trả; báo cáo theo hãng và tháng.',
      },
      {
        path: '/admin/releases',
        title: 'Phát hành giao diện',
        navLabel: 'Phát hành giao diện',
        description: 'Bản dựng đang chạy của khung giao diện và từng ứng dụng: thử nghiệm một bản với một phần trình duyệt, đưa lên chính thức, quay lại bản trước; lịch sử thay đổi và mã phát hành cho quy trình của từng nhóm.',
      },
    ],
  },
};

export const vi = {
  shortcutsLabel: 'Đi tới',
  dev: {
    harnessLabel: 'mfe-backoffice (chạy riêng)',
    pagesLabel: 'Các trang quản trị',
  },
} as const;

/** The text of the page at `path` in `area`; a missing entry is a programming error. */
export function areaPage(area: RoleArea, path: string): AreaPageText {
  const page = AREAS[area].pages.find((candidate) => candidate.path === path);
  if (!page) throw new Error(`[mfe-backoffice] no page ${path} in the ${area} area`);
  return page;
}
