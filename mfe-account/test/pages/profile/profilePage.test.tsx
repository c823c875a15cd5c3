import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eventBus, sessionStore, type BusEvents, type User } from 'shared-contracts';
import { ProfilePage } from '../../../src/pages/profile/ProfilePage';
import { currentLocation, fail, logIn, mockFetch, ok, renderAccountPage, type FakeReply, type RecordedCall } from '../../helpers';

const USER: User = { id: '12', fullName: 'Nguyễn Văn An', email: 'an@example.vn', role: 'customer', emailVerified: true, avatar: null };

const PROFILE = {
  id: '12',
  userId: '12',
  fullName: 'Nguyễn Văn An',
  email: 'an@example.vn',
  role: 'customer',
  emailVerified: true,
  avatar: null,
  phoneNumber: '0912345678',
  address: '12 Lý Thường Kiệt, Hoàn Kiếm, Hà Nội',
  dateOfBirth: '1990-05-02',
  gender: 'MALE',
};

function api(handlers: Record<string, (call: RecordedCall) => FakeReply> = {}) {
  return mockFetch((call) => {
    const key = `${call.method} ${call.path}`;
    if (handlers[key]) return handlers[key]!(call);
    if (key === 'GET /api/Auth/profile') return ok(PROFILE);
    return { status: 404 };
  });
}

function renderProfile() {
  return renderAccountPage('/profile', <ProfilePage />);
}

function section(name: string) {
  return screen.getByRole('region', { name });
}

afterEach(() => sessionStore.clear());

describe('the profile page', () => {
  it('sends a guest to /auth/login?redirect=/profile', () => {
    api();
    renderProfile();
    expect(currentLocation()).toBe('/auth/login?redirect=%2Fprofile');
  });

  it('reads the latest profile and shows it, the birth date as dd/MM/yyyy', async () => {
    logIn(USER);
    const { calls } = api();
    renderProfile();
    const details = section('Thông tin cá nhân');
    expect(await within(details).findByText('0912345678')).toBeInTheDocument();
    expect(within(details).getByText('02/05/1990')).toBeInTheDocument();
    expect(within(details).getByText('Nam')).toBeInTheDocument();
    expect(within(details).getByText('12 Lý Thường Kiệt, Hoàn Kiếm, Hà Nội')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/api/Auth/profile' });
    expect(sessionStore.current?.user.phoneNumber).toBe('0912345678');
  });

  it("says what is not filled in, and that the profile could not be refreshed", async () => {
    logIn(USER);
    api({ 'GET /api/Auth/profile': () => ({ status: 500 }) });
    renderProfile();
    expect(await screen.findByText('Không thể tải hồ sơ mới nhất. Thông tin bên dưới có thể chưa cập nhật.')).toBeInTheDocument();
    expect(within(section('Thông tin cá nhân')).getAllByText('Chưa cập nhật')).toHaveLength(4);
  });

  it('edits and saves the details (phone normalised, empty → null); the header hears auth/user-updated', async () => {
    logIn(USER);
    const updates: BusEvents['auth/user-updated'][] = [];
    const subscription = eventBus.on('auth/user-updated').subscribe((event) => updates.push(event));
    const { calls } = api({ 'PUT /api/Auth/profile': (call) => ok({ ...PROFILE, ...(call.body as object), phoneNumber: '0987654321' }) });
    renderProfile();
    await within(section('Thông tin cá nhân')).findByText('0912345678');

    await userEvent.click(screen.getByRole('button', { name: 'Chỉnh sửa' }));
    const phone = screen.getByLabelText('Số điện thoại');
    await userEvent.clear(phone);
    await userEvent.type(phone, '+84 987 654 321');
    await userEvent.clear(screen.getByLabelText('Địa chỉ'));
    await userEvent.selectOptions(screen.getByLabelText('Giới tính'), 'FEMALE');
    await userEvent.click(screen.getByRole('button', { name: 'Lưu thay đổi' }));

    expect(await screen.findByText('Cập nhật hồ sơ thành công.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({
      fullName: 'Nguyễn Văn An',
      phoneNumber: '0987654321',
      address: null,
      dateOfBirth: '1990-05-02',
      gender: 'FEMALE',
    });
    expect(within(section('Thông tin cá nhân')).getByText('0987654321')).toBeInTheDocument();
    expect(sessionStore.current?.user.gender).toBe('FEMALE');
    expect(updates.at(-1)?.user).toMatchObject({ phoneNumber: '0987654321', gender: 'FEMALE' });
    subscription.unsubscribe();
  });

  it('checks the details before saving: a wrong phone and a future birth date', async () => {
    logIn(USER);
    const { calls } = api();
    renderProfile();
    await within(section('Thông tin cá nhân')).findByText('0912345678');
    await userEvent.click(screen.getByRole('button', { name: 'Chỉnh sửa' }));
    await userEvent.clear(screen.getByLabelText('Họ và tên'));
    await userEvent.clear(screen.getByLabelText('Số điện thoại'));
    await userEvent.type(screen.getByLabelText('Số điện thoại'), '0123');
    await userEvent.clear(screen.getByLabelText('Ngày sinh'));
    await userEvent.type(screen.getByLabelText('Ngày sinh'), '2999-12-31');
    await userEvent.click(screen.getByRole('button', { name: 'Lưu thay đổi' }));
    expect(screen.getByLabelText('Họ và tên')).toHaveAccessibleDescription('Vui lòng nhập họ và tên.');
    expect(screen.getByLabelText('Số điện thoại')).toHaveAccessibleDescription(expect.stringContaining('Số điện thoại không hợp lệ'));
    expect(screen.getByLabelText('Ngày sinh')).toHaveAccessibleDescription('Ngày sinh không được ở tương lai.');
    expect(screen.getByLabelText('Họ và tên')).toHaveFocus();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it("shows the server's message when saving fails", async () => {
    logIn(USER);
    api({ 'PUT /api/Auth/profile': () => fail(400, 'Dữ liệu không hợp lệ.', 'VALIDATION_ERROR', [{ field: 'phoneNumber', message: 'Số điện thoại đã được dùng cho tài khoản khác.' }]) });
    renderProfile();
    await within(section('Thông tin cá nhân')).findByText('0912345678');
    await userEvent.click(screen.getByRole('button', { name: 'Chỉnh sửa' }));
    await userEvent.click(screen.getByRole('button', { name: 'Lưu thay đổi' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Dữ liệu không hợp lệ.');
    expect(screen.getByLabelText('Số điện thoại')).toHaveAccessibleDescription(expect.stringContaining('Số điện thoại đã được dùng cho tài khoản khác.'));
  });
});

describe('changing the password', () => {
  async function fill(current: string, next: string, confirm: string) {
    const form = section('Đổi mật khẩu');
    if (current) await userEvent.type(within(form).getByLabelText('Mật khẩu hiện tại'), current);
    if (next) await userEvent.type(within(form).getByLabelText('Mật khẩu mới'), next);
    if (confirm) await userEvent.type(within(form).getByLabelText('Xác nhận mật khẩu mới'), confirm);
    await userEvent.click(within(form).getByRole('button', { name: 'Đổi mật khẩu' }));
  }

  it('checks the fields: required, 8–128, different from the current one, confirmed', async () => {
    logIn(USER);
    const { calls } = api();
    renderProfile();
    await fill('', '', '');
    expect(screen.getByLabelText('Mật khẩu hiện tại')).toHaveAccessibleDescription('Vui lòng nhập mật khẩu hiện tại.');
    expect(screen.getByLabelText('Mật khẩu hiện tại')).toHaveFocus();
    await fill('matkhau-cu', 'matkhau-cu', 'khac-han');
    expect(screen.getByLabelText('Mật khẩu mới')).toHaveAccessibleDescription(expect.stringContaining('Mật khẩu mới phải khác mật khẩu hiện tại.'));
    expect(screen.getByLabelText('Xác nhận mật khẩu mới')).toHaveAccessibleDescription('Mật khẩu xác nhận không khớp.');
    expect(calls.some((call) => call.path === '/api/Auth/change-password')).toBe(false);
  });

  it('POSTs {currentPassword, newPassword, confirmNewPassword}, confirms and empties the form', async () => {
    logIn(USER);
    const { calls } = api({ 'POST /api/Auth/change-password': () => ok({ message: 'Đã đổi mật khẩu.' }) });
    renderProfile();
    await fill('matkhau-cu', 'matkhau-moi-2026', 'matkhau-moi-2026');
    expect(await screen.findByText('Đổi mật khẩu thành công.')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/Auth/change-password')!.body).toEqual({
      currentPassword: 'matkhau-cu',
      newPassword: 'matkhau-moi-2026',
      confirmNewPassword: 'matkhau-moi-2026',
    });
    expect(screen.getByLabelText('Mật khẩu hiện tại')).toHaveValue('');
  });

  it("shows the server's message for a wrong current password", async () => {
    logIn(USER);
    api({ 'POST /api/Auth/change-password': () => fail(400, 'Mật khẩu hiện tại không đúng.', 'WRONG_PASSWORD', [{ field: 'currentPassword', message: 'Mật khẩu hiện tại không đúng.' }]) });
    renderProfile();
    await fill('sai-mat-khau', 'matkhau-moi-2026', 'matkhau-moi-2026');
    expect(await screen.findByRole('alert')).toHaveTextContent('Mật khẩu hiện tại không đúng.');
    expect(screen.getByLabelText('Mật khẩu hiện tại')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('the avatar', () => {
  beforeEach(() => {
    URL.createObjectURL = jest.fn(() => 'blob:preview-1');
    URL.revokeObjectURL = jest.fn();
  });

  function image(name: string, type: string, bytes: number) {
    return new File([new Uint8Array(bytes)], name, { type });
  }

  it('shows initials without a picture', async () => {
    logIn(USER);
    api();
    renderProfile();
    expect(within(section('Ảnh đại diện')).getByRole('img', { name: 'Ảnh đại diện của Nguyễn Văn An' })).toHaveTextContent('NA');
    await within(section('Thông tin cá nhân')).findByText('0912345678');
  });

  it('refuses a file that is not JPEG, PNG or WebP, before any upload', async () => {
    logIn(USER);
    const { calls } = api();
    renderProfile();
    await userEvent.upload(screen.getByLabelText('Chọn ảnh'), image('avatar.gif', 'image/gif', 1000), { applyAccept: false });
    expect(await screen.findByRole('alert')).toHaveTextContent('Ảnh đại diện phải là tệp JPEG, PNG hoặc WebP.');
    expect(screen.getByLabelText('Chọn ảnh')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('button', { name: 'Tải ảnh lên' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/Auth/upload-avatar')).toBe(false);
  });

  it('refuses a file over 2 MB, before any upload', async () => {
    logIn(USER);
    api();
    renderProfile();
    await userEvent.upload(screen.getByLabelText('Chọn ảnh'), image('big.jpg', 'image/jpeg', 2 * 1024 * 1024 + 1));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ảnh đại diện không được vượt quá 2 MB.');
  });

  it('previews the chosen picture, uploads it under both file and avatar, and publishes the new avatar', async () => {
    logIn(USER);
    const updates: BusEvents['auth/user-updated'][] = [];
    const subscription = eventBus.on('auth/user-updated').subscribe((event) => updates.push(event));
    let sent: FormData | null = null;
    const { fetch } = api({ 'POST /api/Auth/upload-avatar': () => ok({ ...PROFILE, avatar: '/media/avatars/12-abc.webp' }) });
    fetch.mockImplementation(async (input: string, init: RequestInit = {}) => {
      const path = new URL(input).pathname;
      if (path === '/api/Auth/upload-avatar') {
        sent = init.body as FormData;
        return { ok: true, status: 200, text: async () => JSON.stringify({ success: true, message: 'OK', data: { ...PROFILE, avatar: '/media/avatars/12-abc.webp' } }) };
      }
      return { ok: true, status: 200, text: async () => JSON.stringify({ success: true, message: 'OK', data: PROFILE }) };
    });
    renderProfile();
    const file = image('me.png', 'image/png', 50_000);
    await userEvent.upload(screen.getByLabelText('Chọn ảnh'), file);

    expect(screen.getByRole('img', { name: 'Xem trước ảnh đại diện mới' })).toHaveAttribute('src', 'blob:preview-1');
    await userEvent.click(screen.getByRole('button', { name: 'Tải ảnh lên' }));

    expect(await screen.findByText('Đã cập nhật ảnh đại diện.')).toBeInTheDocument();
    expect(sent).not.toBeNull();
    expect(sent!.get('file')).toBeInstanceOf(File);
    expect((sent!.get('file') as File).name).toBe('me.png');
    expect((sent!.get('avatar') as File).name).toBe('me.png');
    expect(screen.getByRole('img', { name: 'Ảnh đại diện của Nguyễn Văn An' })).toHaveAttribute('src', '/media/avatars/12-abc.webp');
    expect(sessionStore.current?.user.avatar).toBe('/media/avatars/12-abc.webp');
    expect(updates.at(-1)?.user.avatar).toBe('/media/avatars/12-abc.webp');
    await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1'));
    subscription.unsubscribe();
  });

  it("reports the server's refusal of an upload", async () => {
    logIn(USER);
    api({ 'POST /api/Auth/upload-avatar': () => fail(415, 'Tệp không phải ảnh hợp lệ.', 'UNSUPPORTED_MEDIA_TYPE') });
    renderProfile();
    await userEvent.upload(screen.getByLabelText('Chọn ảnh'), image('me.jpg', 'image/jpeg', 1000));
    await userEvent.click(screen.getByRole('button', { name: 'Tải ảnh lên' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Tệp không phải ảnh hợp lệ.');
    expect(sessionStore.current?.user.avatar).toBeNull();
  });
});
