/** The Vietnamese answers of users and staff management (spec back-office.md §3, §7 A2, A3). */
export const staffAdminMessages = {
  userNotFound: 'Không tìm thấy tài khoản.',
  centreNotFound: 'Không tìm thấy trung tâm.',
  lastAdmin: 'Không thể thực hiện: đây là quản trị viên cuối cùng còn hoạt động. Hãy cấp quyền quản trị cho người khác trước.',
  selfRole: 'Bạn không thể tự đổi vai trò của chính mình.',
  selfDisable: 'Bạn không thể tự khoá tài khoản của chính mình.',
  emailTaken: 'Email này đã được dùng cho một tài khoản khác.',
  phoneTaken: 'Số điện thoại này đã được dùng cho một tài khoản khác.',
  roleNotAssignable: 'Chỉ nhân viên, kỹ thuật viên và quản lý mới được phân công về trung tâm.',
  customerRole: 'Không thể đổi vai trò của tài khoản khách hàng.',
  hasActiveWork: (count: number) => `Kỹ thuật viên đang thực hiện ${count} phiếu dịch vụ. Hãy hoàn thành hoặc chuyển phiếu cho người khác trước khi điều chuyển.`,
  noAssignment: 'Người dùng này hiện không được phân công về trung tâm nào.',
  assignmentChanged: 'Phân công vừa được người khác thay đổi, vui lòng tải lại.',
} as const;
