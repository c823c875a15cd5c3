import { ROLE_NAMES } from '../i18n/vi';

/** Every text of /admin/staff-management (Vietnamese). */
export const staffText = {
  roles: ROLE_NAMES,
  centre: { label: 'Trung tâm', loading: 'Đang tải danh sách trung tâm…' },
  membersTitle: (centre: string) => `Nhân sự tại ${centre}`,
  unassignedTitle: 'Chưa được phân công',
  columns: { name: 'Họ và tên', role: 'Vai trò', since: 'Phân công từ', work: 'Phiếu đang làm', actions: 'Thao tác' },
  noMembers: 'Trung tâm chưa có nhân sự nào.',
  noUnassigned: 'Mọi nhân sự đều đã được phân công.',
  loading: 'Đang tải nhân sự…',
  loadFailed: 'Không tải được danh sách nhân sự.',
  retry: 'Thử lại',
  disabled: 'Đã khoá',
  workCount: (count: number) => (count > 0 ? `${count} phiếu` : '—'),
  actions: {
    move: (name: string) => `Điều chuyển ${name}`,
    moveShort: 'Điều chuyển',
    end: (name: string) => `Kết thúc phân công của ${name}`,
    endShort: 'Kết thúc',
    assign: (name: string) => `Phân công ${name} về trung tâm này`,
    assignShort: 'Phân công',
  },
  moveDialog: {
    title: (name: string) => `Điều chuyển ${name}`,
    label: 'Trung tâm mới',
    note: 'Phân công hiện tại kết thúc và phân công mới bắt đầu cùng lúc.',
    submit: 'Điều chuyển',
    busy: 'Đang điều chuyển…',
    cancel: 'Huỷ',
  },
  assignDialog: {
    title: (name: string, centre: string) => `Phân công ${name} về ${centre}?`,
    body: 'Người này sẽ làm việc và xem dữ liệu của trung tâm này.',
    confirm: 'Phân công',
    busy: 'Đang phân công…',
  },
  endDialog: {
    title: (name: string) => `Kết thúc phân công của ${name}?`,
    body: 'Người này sẽ không còn truy cập được công việc của trung tâm cho đến khi được phân công lại.',
    confirm: 'Kết thúc phân công',
    busy: 'Đang kết thúc…',
  },
  done: {
    assigned: (name: string, centre: string) => `Đã phân công ${name} về ${centre}.`,
    moved: (name: string, centre: string) => `Đã điều chuyển ${name} về ${centre}.`,
    ended: (name: string) => `Đã kết thúc phân công của ${name}.`,
  },
  actionFailed: 'Không thực hiện được thao tác.',
  reloaded: 'Danh sách đã được tải lại.',
};
