import { act, screen, within } from '@testing-library/react';
import { sessionStore } from 'shared-contracts';
import { MyVehiclesPage } from '../../../src/pages/vehicles/MyVehiclesPage';
import { serviceApi } from '../../../src/service/serviceApi';
import { deferred, logIn, mockFetch, ok, renderAccountPage, type FakeReply } from '../../helpers';
import { vehicle } from '../../serviceFixtures';

jest.mock('../../../src/service/serviceApi');
const api = serviceApi as jest.Mocked<typeof serviceApi>;

beforeEach(() => {
  jest.resetAllMocks();
  api.vehicles.mockResolvedValue([vehicle()]);
});
afterEach(() => sessionStore.clear());

const follows = (later: Element, earlier: Element) => Boolean(earlier.compareDocumentPosition(later) & Node.DOCUMENT_POSITION_FOLLOWING);

describe('/my-vehicles on a slow connection', () => {
  it('keeps a card\'s buttons where they are when its "Dự đoán bảo dưỡng" arrives: the forecast comes after them', async () => {
    const answer = deferred<FakeReply>();
    mockFetch(() => answer.promise);
    logIn();
    renderAccountPage('/my-vehicles', <MyVehiclesPage />);

    const card = await screen.findByRole('article', { name: '29MĐ1-234.56' });
    const forecast = within(card).getByRole('region', { name: 'Dự đoán bảo dưỡng xe 29MĐ1-234.56' });
    expect(within(forecast).getByRole('status')).toHaveTextContent('Đang tải dự đoán bảo dưỡng...');
    const edit = within(card).getByRole('button', { name: 'Sửa xe 29MĐ1-234.56' });
    const remove = within(card).getByRole('button', { name: 'Xóa xe 29MĐ1-234.56' });
    const book = within(card).getByRole('link', { name: 'Đặt lịch bảo dưỡng cho xe 29MĐ1-234.56' });
    // nothing still loading sits above what the customer can already read and press
    for (const shown of [book, edit, remove]) expect(follows(forecast, shown)).toBe(true);

    await act(async () => answer.resolve(ok({ vehicleId: 3, model: null, kmPerMonth: 1240, components: [] })));
    expect(await within(forecast).findByText('Chưa có mô hình dự đoán.')).toBeInTheDocument();
    expect(follows(forecast, within(card).getByRole('button', { name: 'Xóa xe 29MĐ1-234.56' }))).toBe(true);
  });
});
