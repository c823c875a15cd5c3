import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionStore, type User } from 'shared-contracts';
import { ProfilePage } from '../../../src/pages/profile/ProfilePage';
import { deferred, fail, logIn, mockFetch, ok, renderAccountPage, type FakeReply, type RecordedCall } from '../../helpers';

const USER: User = { id: '12', fullName: 'Nguyễn Văn An', email: 'an@example.vn', role: 'customer', emailVerified: true, avatar: null };

const PROFILE = {
  id: '12',
  userId: '12',
  fullName: 'Nguyễn Văn An',
  email: 'an@example.vn',
  role: 'customer',
  emailVerified: true,
  avatar: null,
  avatarUrl: null,
  phoneNumber: '0912345678',
  address: null,
  dateOfBirth: null,
  gender: null,
  forecastEmails: true,
};

function api(handlers: Record<string, (call: RecordedCall) => FakeReply | Promise<FakeReply>> = {}) {
  return mockFetch((call) => {
    const key = `${call.method} ${call.path}`;
    if (handlers[key]) return handlers[key]!(call);
    if (key === 'GET /api/Auth/profile') return ok(PROFILE);
    return { status: 404 };
  });
}

const LABEL = 'Nhận email dự đoán bảo dưỡng';

function renderProfile() {
  renderAccountPage('/profile', <ProfilePage />);
  return screen.getByRole('region', { name: 'Email thông báo' });
}

afterEach(() => sessionStore.clear());

describe("the profile's maintenance-forecast emails checkbox", () => {
  it('shows the choice read from the profile, checked when the customer receives them, with what it means', async () => {
    logIn(USER);
    api();
    const section = renderProfile();
    const box = within(section).getByRole('checkbox', { name: LABEL });
    // Disabled until the choice is known.
    expect(box).toBeDisabled();
    await waitFor(() => expect(box).toBeEnabled());
    expect(box).toBeChecked();
    expect(box).toHaveAccessibleDescription(expect.stringContaining('cần kiểm tra trong 3 tháng tới'));
  });

  it('turns them off at once (PUT forecastEmails: false) and on again', async () => {
    logIn(USER);
    const { calls } = api({ 'PUT /api/Auth/profile': (call) => ok({ ...PROFILE, ...(call.body as object) }) });
    const section = renderProfile();
    const box = within(section).getByRole('checkbox', { name: LABEL });
    await waitFor(() => expect(box).toBeEnabled());

    await userEvent.click(box);
    expect(await within(section).findByRole('status')).toHaveTextContent('Đã tắt email dự đoán bảo dưỡng.');
    expect(box).not.toBeChecked();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ forecastEmails: false }]);

    await userEvent.click(box);
    await waitFor(() => expect(within(section).getByRole('status')).toHaveTextContent('Đã bật email dự đoán bảo dưỡng.'));
    expect(box).toBeChecked();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ forecastEmails: false }, { forecastEmails: true }]);
  });

  it('starts unchecked for a customer who opted out, and is disabled while saving', async () => {
    logIn(USER);
    const reply = deferred<FakeReply>();
    api({ 'GET /api/Auth/profile': () => ok({ ...PROFILE, forecastEmails: false }), 'PUT /api/Auth/profile': () => reply.promise });
    const section = renderProfile();
    const box = within(section).getByRole('checkbox', { name: LABEL });
    await waitFor(() => expect(box).toBeEnabled());
    expect(box).not.toBeChecked();

    await userEvent.click(box);
    expect(box).toBeDisabled();
    reply.resolve(ok({ ...PROFILE, forecastEmails: true }));
    await waitFor(() => expect(box).toBeEnabled());
    expect(box).toBeChecked();
  });

  it("goes back to the saved choice and says the server's message when saving fails", async () => {
    logIn(USER);
    api({ 'PUT /api/Auth/profile': () => fail(503, 'Hệ thống đang bận, vui lòng thử lại sau.') });
    const section = renderProfile();
    const box = within(section).getByRole('checkbox', { name: LABEL });
    await waitFor(() => expect(box).toBeEnabled());
    await userEvent.click(box);
    expect(await within(section).findByRole('alert')).toHaveTextContent('Hệ thống đang bận, vui lòng thử lại sau.');
    expect(box).toBeChecked();
    expect(box).toBeEnabled();
  });

  it('stays disabled, and says why, when the profile cannot be read', async () => {
    logIn(USER);
    api({ 'GET /api/Auth/profile': () => ({ status: 500 }) });
    const section = renderProfile();
    const box = within(section).getByRole('checkbox', { name: LABEL });
    await waitFor(() => expect(box).toHaveAccessibleDescription(expect.stringContaining('Chưa tải được lựa chọn nhận email')));
    expect(box).toBeDisabled();
    expect(box).not.toBeChecked();
  });
});
