import { ROLE_NAMES } from '../i18n/vi';

/** Every text of /manager?view=roster (Vietnamese). */
export const rosterText = {
  roles: ROLE_NAMES,
  title: (centre: string) => (centre ? `Nhân sự tại ${centre}` : 'Nhân sự của trung tâm'),
  intro: 'Danh sách chỉ để xem. Quản trị viên phân công và điều chuyển nhân sự ở trang Quản lý nhân sự.',
  roleFilter: { label: 'Vai trò', all: 'Tất cả vai trò' },
  columns: { name: 'Họ và tên', email: 'Email', phone: 'Điện thoại', role: 'Vai trò', since: 'Phân công từ', status: 'Trạng thái' },
  caption: (shown: number, total: number) => (shown === total ? `${total} người` : `${shown} / ${total} người`),
  status: { active: 'Đang hoạt động', disabled: 'Đã khoá' },
  noPhone: '—',
  loading: 'Đang tải nhân sự…',
  loadFailed: 'Không tải được danh sách nhân sự.',
  retry: 'Thử lại',
  empty: 'Trung tâm chưa có nhân sự nào.',
  emptyRole: (role: string) => `Không có ai với vai trò ${role.toLocaleLowerCase('vi')}.`,
};
