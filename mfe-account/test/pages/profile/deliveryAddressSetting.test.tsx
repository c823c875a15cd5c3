import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionStore, type User } from 'shared-contracts';
import { ProfilePage } from '../../../src/pages/profile/ProfilePage';
import { logIn, mockFetch, ok, renderAccountPage, type RecordedCall } from '../../helpers';

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
  address: 'Số 5 ngõ 12 Trần Quốc Vượng, Phường Dịch Vọng Hậu, Quận Cầu Giấy, Hà Nội',
  dateOfBirth: null,
  gender: null,
  forecastEmails: true,
};

const FORMER = 'Phường Dịch Vọng Hậu, Quận Cầu Giấy';
const ward = (code: string, name: string) => ({ code, name, province: 'Hà Nội', formerly: [FORMER], matchedFormer: FORMER });
const CHOICE = { former: FORMER, province: 'Hà Nội', street: 'Số 5 ngõ 12 Trần Quốc Vượng', candidates: [ward('00160', 'Phường Nghĩa Đô'), ward('00166', 'Phường Cầu Giấy')] };

function api(profile: object) {
  let current = { ...PROFILE, ...profile };
  return mockFetch((call: RecordedCall) => {
    const key = `${call.method} ${call.path}`;
    if (key === 'GET /api/Auth/profile') return ok(current);
    if (key === 'GET /api/addresses/wards') return ok({ wards: [ward('00166', 'Phường Cầu Giấy')] });
    if (key === 'PUT /api/Auth/profile') {
      const { deliveryAddress } = call.body as { deliveryAddress: { province: string; wardCode: string; street: string } };
      const names: Record<string, string> = { '00160': 'Phường Nghĩa Đô', '00166': 'Phường Cầu Giấy' };
      current = { ...current, deliveryAddress: { ...deliveryAddress, ward: names[deliveryAddress.wardCode]! }, deliveryAddressChoice: null } as typeof current;
      return ok(current);
    }
    return { status: 404 };
  });
}

const section = () => screen.getByRole('region', { name: 'Địa chỉ giao hàng' });

afterEach(() => sessionStore.clear());

describe("the profile's delivery address", () => {
  it('asks where a split district-era ward now is, and saves the ward chosen with its button', async () => {
    logIn(USER);
    const { calls } = api({ deliveryAddress: null, deliveryAddressChoice: CHOICE });
    renderAccountPage('/profile', <ProfilePage />);
    expect(
      await within(section()).findByText('Địa chỉ cũ của bạn (Phường Dịch Vọng Hậu, Quận Cầu Giấy) nay thuộc một trong các phường sau — vui lòng chọn:'),
    ).toBeInTheDocument();
    await userEvent.click(within(section()).getByRole('button', { name: 'Phường Nghĩa Đô' }));
    expect(await within(section()).findByText('Đã lưu địa chỉ giao hàng.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ deliveryAddress: { province: 'Hà Nội', wardCode: '00160', street: 'Số 5 ngõ 12 Trần Quốc Vượng' } });
    expect(within(section()).queryByRole('button', { name: 'Phường Cầu Giấy' })).not.toBeInTheDocument();
    expect(within(section()).getByRole('combobox', { name: 'Phường/Xã' })).toHaveValue('Phường Nghĩa Đô');
  });

  it('saves a ward picked by typing its former name without accents, and the street', async () => {
    logIn(USER);
    const { calls } = api({ deliveryAddress: null, deliveryAddressChoice: null });
    renderAccountPage('/profile', <ProfilePage />);
    const field = await within(section()).findByRole('combobox', { name: 'Phường/Xã' });
    await waitFor(() => expect(within(section()).getByLabelText('Tỉnh/thành phố')).toBeEnabled());
    await userEvent.type(field, 'dich vong hau');
    await userEvent.click(await within(section()).findByRole('option', { name: /^Phường Cầu Giấy — trước đây: Phường Dịch Vọng Hậu/ }));
    await userEvent.type(within(section()).getByLabelText('Số nhà, tên đường'), '88 Xuân Thủy');
    await userEvent.click(within(section()).getByRole('button', { name: 'Lưu địa chỉ' }));
    expect(await within(section()).findByText('Đã lưu địa chỉ giao hàng.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ deliveryAddress: { province: 'Hà Nội', wardCode: '00166', street: '88 Xuân Thủy' } });
  });

  it('refuses to save a ward only typed, not chosen in the list', async () => {
    logIn(USER);
    const { calls } = api({ deliveryAddress: null, deliveryAddressChoice: null });
    renderAccountPage('/profile', <ProfilePage />);
    const field = await within(section()).findByRole('combobox', { name: 'Phường/Xã' });
    await userEvent.type(field, 'Cầu Giấy');
    await userEvent.type(within(section()).getByLabelText('Số nhà, tên đường'), '88 Xuân Thủy');
    await userEvent.click(within(section()).getByRole('button', { name: 'Lưu địa chỉ' }));
    expect(await within(section()).findByText('Vui lòng chọn phường/xã trong danh sách.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });
});
