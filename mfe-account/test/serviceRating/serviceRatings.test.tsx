import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionStore } from 'shared-contracts';
import type { PendingServiceRating, ReviewableLine, ServiceRating } from 'shared-contracts/schemas';
import { DashboardPage } from '../../src/pages/dashboard/DashboardPage';
import { MaintenanceHistoryPage } from '../../src/pages/maintenance/MaintenanceHistoryPage';
import type { AppointmentEventsOptions } from '../../src/service/appointmentEvents';
import { serviceApi } from '../../src/service/serviceApi';
import { deferred, fail, logIn, mockFetch, ok, renderAccountPage, type FakeReply, type RecordedCall } from '../helpers';
import { daysFromNow, pendingVisit, productReview, reviewableLine, serviceRating } from '../reviewFixtures';
import { appointment, car, record, savedPromotion, vehicle } from '../serviceFixtures';

jest.mock('../../src/service/serviceApi');
jest.mock('../../src/service/appointmentEvents', () => ({
  subscribeAppointmentEvents: (_options: AppointmentEventsOptions) => () => undefined,
}));
const api = serviceApi as jest.Mocked<typeof serviceApi>;

interface Server {
  pending?: PendingServiceRating[];
  mine?: ServiceRating[];
  reviewable?: ReviewableLine[];
  /** PUT /api/service-orders/:id/rating */
  rate?: (call: RecordedCall) => FakeReply;
}

/** The ratings' and reviews' endpoints (the rest of the pages comes from the mocked serviceApi). */
function serve({ pending = [], mine = [], reviewable = [], rate }: Server) {
  return mockFetch((call) => {
    const route = `${call.method} ${call.path}`;
    if (route === 'GET /api/service-ratings/pending') return ok({ items: pending });
    if (route === 'GET /api/service-ratings/mine') return ok({ items: mine });
    if (route === 'GET /api/reviews/reviewable') return ok({ items: reviewable });
    if (call.method === 'PUT' && /^\/api\/service-orders\/\d+\/rating$/.test(call.path) && rate) return rate(call);
    if (route === 'POST /api/reviews') return { status: 201, body: { success: true, data: productReview({ id: 80, productId: 7 }) } };
    return fail(404, 'Không tìm thấy.', 'NOT_FOUND');
  });
}

/** The server's answer to a PUT: the rating as sent. */
const saved = (call: RecordedCall, base: Partial<ServiceRating> = {}): FakeReply => {
  const body = call.body as Partial<ServiceRating>;
  return ok(serviceRating({ ...base, ...body, serviceOrderId: Number(call.path.split('/')[3]), technicianStars: body.technicianStars ?? null }));
};

beforeEach(() => {
  jest.resetAllMocks();
  api.upcomingAppointments.mockResolvedValue([appointment()]);
  api.recentlyCompletedAppointments.mockResolvedValue([]);
  api.vehicles.mockResolvedValue([vehicle(), car()]);
  api.activeOrders.mockResolvedValue(null);
  api.packageCredits.mockResolvedValue(null);
  api.savedPromotions.mockResolvedValue([savedPromotion()]);
  api.appointmentServiceOrder.mockResolvedValue(null);
  api.appointmentInspection.mockResolvedValue(null);
  api.approvals.mockResolvedValue([]);
  logIn();
});
afterEach(() => sessionStore.clear());

describe("the dashboard's 'Đánh giá lần bảo dưỡng'", () => {
  it('rates a visit: stars, Có/Không answers, the technician and a comment in one PUT; the card then leaves the list', async () => {
    const { calls } = serve({
      pending: [pendingVisit(), pendingVisit({ serviceOrderId: 9, serviceOrderCode: 'PDV261120M2XA', centreName: 'EV Service Quận 1', vehicleLabel: 'VinFast VF 8', licensePlate: '30A-123.45', technicianName: null, closedAt: '2026-11-20T04:00:00.000Z' })],
      rate: (call) => saved(call),
    });
    renderAccountPage('/dashboard', <DashboardPage />);
    const ratings = await screen.findByRole('region', { name: 'Đánh giá lần bảo dưỡng' });
    const visit = within(ratings).getByRole('article', { name: 'EV Service Cầu Giấy · 24/11/2026' });
    expect(visit).toHaveTextContent('VinFast Klara S · 29MĐ1-234.56');
    expect(visit).toHaveTextContent('24/11/2026');
    expect(visit).toHaveTextContent('Lê Văn Kỹ');
    expect(within(ratings).getAllByRole('article')).toHaveLength(2);

    await userEvent.click(within(visit).getByRole('button', { name: 'Đánh giá' }));
    const form = within(visit).getByRole('form', { name: 'Đánh giá lần bảo dưỡng ngày 24/11/2026 tại EV Service Cầu Giấy' });
    await userEvent.click(within(within(form).getByRole('radiogroup', { name: 'Đánh giá chung' })).getByRole('radio', { name: '5 sao' }));
    expect(form).toHaveTextContent('Tuyệt vời');
    await userEvent.click(within(within(form).getByRole('group', { name: 'Đúng giờ' })).getByRole('button', { name: 'Có' }));
    await userEvent.click(within(within(form).getByRole('group', { name: 'Xe sạch sẽ' })).getByRole('button', { name: 'Không' }));
    // pressed twice: the question is left unanswered
    const explained = within(form).getByRole('group', { name: 'Giải thích rõ' });
    await userEvent.click(within(explained).getByRole('button', { name: 'Có' }));
    await userEvent.click(within(explained).getByRole('button', { name: 'Có' }));
    expect(within(explained).getByRole('button', { name: 'Có' })).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(within(within(form).getByRole('radiogroup', { name: 'Kỹ thuật viên Lê Văn Kỹ' })).getByRole('radio', { name: '4 sao' }));
    await userEvent.type(within(form).getByRole('textbox', { name: /Nhận xét/ }), 'Làm nhanh, tư vấn kỹ.');
    expect(within(form).getByText('21/1000')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Gửi đánh giá' }));

    expect(await within(ratings).findByText('Cảm ơn bạn đã đánh giá lần bảo dưỡng!')).toBeInTheDocument();
    expect(ratings).not.toHaveTextContent('Trung tâm sẽ liên hệ với bạn để khắc phục.');
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.path).toBe('/api/service-orders/7/rating');
    expect(put.body).toEqual({ stars: 5, onTime: true, explainedClearly: null, carClean: false, technicianStars: 4, comment: 'Làm nhanh, tư vấn kỹ.' });
    expect(within(ratings).queryByRole('article', { name: 'EV Service Cầu Giấy · 24/11/2026' })).toBeNull();
    expect(within(ratings).getAllByRole('article')).toHaveLength(1);
  });

  it('after a low rating says the centre will call, and asks nothing of a technician when there was none', async () => {
    const { calls } = serve({ pending: [pendingVisit({ technicianName: null })], rate: (call) => saved(call, { technician: null }) });
    renderAccountPage('/dashboard', <DashboardPage />);
    const ratings = await screen.findByRole('region', { name: 'Đánh giá lần bảo dưỡng' });
    await userEvent.click(within(ratings).getByRole('button', { name: 'Đánh giá' }));
    expect(within(ratings).queryByRole('radiogroup', { name: /Kỹ thuật viên/ })).toBeNull();
    await userEvent.click(within(ratings).getByRole('radio', { name: '2 sao' }));
    expect(ratings).toHaveTextContent('Tệ');
    await userEvent.click(within(ratings).getByRole('button', { name: 'Gửi đánh giá' }));

    expect(await within(ratings).findByRole('status')).toHaveTextContent('Cảm ơn bạn đã đánh giá lần bảo dưỡng! Trung tâm sẽ liên hệ với bạn để khắc phục.');
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({ stars: 2, onTime: null, explainedClearly: null, carClean: null, comment: '' });
    expect(within(ratings).queryByRole('article')).toBeNull();
  });

  it('asks for the stars first, and shows a refusal in Vietnamese keeping the answers', async () => {
    const { calls } = serve({ pending: [pendingVisit()], rate: () => fail(409, 'Đã quá thời hạn 7 ngày để sửa đánh giá.', 'RATING_LOCKED') });
    renderAccountPage('/dashboard', <DashboardPage />);
    const ratings = await screen.findByRole('region', { name: 'Đánh giá lần bảo dưỡng' });
    await userEvent.click(within(ratings).getByRole('button', { name: 'Đánh giá' }));
    await userEvent.type(within(ratings).getByRole('textbox', { name: /Nhận xét/ }), 'Chờ lâu');
    await userEvent.click(within(ratings).getByRole('button', { name: 'Gửi đánh giá' }));
    expect(within(ratings).getByText('Vui lòng chọn từ 1 đến 5 sao.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await userEvent.click(within(within(ratings).getByRole('radiogroup', { name: 'Đánh giá chung' })).getByRole('radio', { name: '3 sao' }));
    await userEvent.click(within(ratings).getByRole('button', { name: 'Gửi đánh giá' }));
    expect(await within(ratings).findByRole('alert')).toHaveTextContent('Đã quá thời hạn 7 ngày để sửa đánh giá.');
    expect(within(ratings).getByRole('textbox', { name: /Nhận xét/ })).toHaveValue('Chờ lâu');
    expect(within(within(ratings).getByRole('radiogroup', { name: 'Đánh giá chung' })).getByRole('radio', { name: '3 sao' })).toBeChecked();
    expect(within(ratings).getByRole('article')).toBeInTheDocument();
  });

  it('arrives with the other cards, never pushing down what is already shown', async () => {
    const pending = deferred<FakeReply>();
    mockFetch((call) => (call.path === '/api/service-ratings/pending' ? pending.promise : call.path === '/api/reviews/reviewable' ? ok({ items: [] }) : fail(404, 'Không tìm thấy.')));
    renderAccountPage('/dashboard', <DashboardPage />);
    await act(async () => undefined);
    expect(api.upcomingAppointments).toHaveBeenCalled();
    expect(screen.getByText('Đang tải...')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Lịch hẹn sắp tới' })).toBeNull();

    await act(async () => pending.resolve(ok({ items: [pendingVisit()] })));
    const ratings = await screen.findByRole('region', { name: 'Đánh giá lần bảo dưỡng' });
    const appointments = screen.getByRole('region', { name: 'Lịch hẹn sắp tới' });
    expect(appointments.compareDocumentPosition(ratings) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('is left out, with "Chờ đánh giá", when there is nothing to rate', async () => {
    serve({ reviewable: [reviewableLine({ review: productReview(), editableUntil: daysFromNow(20) })] });
    renderAccountPage('/dashboard', <DashboardPage />);
    await screen.findByRole('region', { name: 'Lịch hẹn sắp tới' });
    await act(async () => undefined);
    expect(screen.queryByRole('region', { name: 'Đánh giá lần bảo dưỡng' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Chờ đánh giá' })).toBeNull();
  });
});

describe("the dashboard's 'Chờ đánh giá'", () => {
  it('lists up to three received parts without a review, and reviews one in place', async () => {
    const line = (id: number, name: string) => reviewableLine({ orderLineId: id, productId: id, productSlug: `sp-${id}`, productName: name });
    const { calls } = serve({
      reviewable: [
        reviewableLine({ review: productReview(), editableUntil: daysFromNow(20) }),
        line(502, 'Cáp sạc Type 2'),
        line(503, 'Má phanh đĩa xe máy điện'),
        line(504, 'Bộ sạc nhanh 60V'),
        line(505, 'Gương chiếu hậu'),
      ],
    });
    renderAccountPage('/dashboard', <DashboardPage />);
    const pending = await screen.findByRole('region', { name: 'Chờ đánh giá' });
    const items = within(pending).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual(['Cáp sạc Type 2', 'Má phanh đĩa xe máy điện', 'Bộ sạc nhanh 60V']);
    expect(within(items[0]!).getByRole('link')).toHaveAttribute('href', '/products/sp-502');

    await userEvent.click(within(items[0]!).getByRole('button', { name: 'Đánh giá' }));
    const form = within(pending).getByRole('form', { name: 'Đánh giá Cáp sạc Type 2' });
    await userEvent.click(within(form).getByRole('radio', { name: '4 sao' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Gửi đánh giá' }));
    expect(await within(pending).findByText('Cảm ơn bạn đã đánh giá!')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({ orderLineId: 502, rating: 4, text: '' });
    expect(within(pending).getAllByRole('link').map((link) => link.textContent)).toEqual(['Má phanh đĩa xe máy điện', 'Bộ sạc nhanh 60V', 'Gương chiếu hậu']);
  });
});

describe("the maintenance history's ratings", () => {
  const october = record({ id: 12, servicedAt: '2026-10-20T02:00:00.000Z' });
  const july = record();
  const march = record({ id: 20, vehicle: { id: 4, licensePlate: '30A-123.45', brand: 'VinFast', model: 'VF 8' }, servicedAt: '2026-03-02T03:00:00.000Z', centre: { id: 1, name: 'EV Service Quận 1' } });
  const cards = () => within(screen.getByRole('list', { name: 'Các lần bảo dưỡng, mới nhất trước' })).getAllByRole('article');

  beforeEach(() => {
    api.maintenanceRecords.mockResolvedValue([october, july, march]);
  });

  it('shows the stars given, "Sửa" while the rating can change, and "Đánh giá" on a visit waiting for one', async () => {
    serve({
      pending: [pendingVisit({ serviceOrderId: 30, maintenanceRecordId: 12 })],
      mine: [serviceRating({ stars: 4 }), serviceRating({ id: 901, serviceOrderId: 5, stars: 3, editableUntil: daysFromNow(-30), maintenanceRecordId: 20 })],
    });
    renderAccountPage('/maintenance-history', <MaintenanceHistoryPage />);
    await screen.findByText('3 lần bảo dưỡng');
    const [oct, jul, mar] = cards();
    expect(await within(jul!).findByRole('img', { name: '4/5 sao' })).toBeInTheDocument();
    expect(within(jul!).getByRole('button', { name: 'Sửa' })).toBeInTheDocument();
    expect(within(mar!).getByRole('img', { name: '3/5 sao' })).toBeInTheDocument();
    expect(within(mar!).queryByRole('button', { name: 'Sửa' })).toBeNull();
    expect(within(oct!).getByText('Chưa đánh giá')).toBeInTheDocument();
    expect(within(oct!).getByRole('button', { name: 'Đánh giá' })).toBeInTheDocument();
    expect(within(oct!).queryByRole('img', { name: /\/5 sao/ })).toBeNull();
  });

  it('rates a waiting visit in place: its stars replace "Đánh giá"', async () => {
    const { calls } = serve({ pending: [pendingVisit({ serviceOrderId: 30, maintenanceRecordId: 12 })], rate: (call) => saved(call, { id: 950, maintenanceRecordId: 12 }) });
    renderAccountPage('/maintenance-history', <MaintenanceHistoryPage />);
    await screen.findByText('3 lần bảo dưỡng');
    const oct = cards()[0]!;
    await userEvent.click(await within(oct).findByRole('button', { name: 'Đánh giá' }));
    await userEvent.click(within(within(oct).getByRole('radiogroup', { name: 'Đánh giá chung' })).getByRole('radio', { name: '1 sao' }));
    expect(oct).toHaveTextContent('Rất tệ');
    await userEvent.click(within(oct).getByRole('button', { name: 'Gửi đánh giá' }));

    expect(await within(oct).findByRole('img', { name: '1/5 sao' })).toBeInTheDocument();
    expect(within(oct).getByText('Cảm ơn bạn đã đánh giá lần bảo dưỡng! Trung tâm sẽ liên hệ với bạn để khắc phục.')).toBeInTheDocument();
    expect(within(oct).queryByRole('button', { name: 'Đánh giá' })).toBeNull();
    expect(within(oct).getByRole('button', { name: 'Sửa' })).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')!.path).toBe('/api/service-orders/30/rating');
  });

  it('changes a rating within its window, starting from what was given', async () => {
    const { calls } = serve({ mine: [serviceRating({ stars: 4, comment: 'Ổn' })], rate: (call) => saved(call) });
    renderAccountPage('/maintenance-history', <MaintenanceHistoryPage />);
    await screen.findByText('3 lần bảo dưỡng');
    const jul = cards()[1]!;
    await userEvent.click(await within(jul).findByRole('button', { name: 'Sửa' }));
    const form = within(jul).getByRole('form', { name: 'Sửa đánh giá lần bảo dưỡng ngày 05/07/2026 tại EV Service Cầu Giấy' });
    expect(within(within(form).getByRole('radiogroup', { name: 'Đánh giá chung' })).getByRole('radio', { name: '4 sao' })).toBeChecked();
    expect(within(within(form).getByRole('group', { name: 'Đúng giờ' })).getByRole('button', { name: 'Có' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(within(form).getByRole('radiogroup', { name: 'Kỹ thuật viên Lê Văn Kỹ' })).getByRole('radio', { name: '4 sao' })).toBeChecked();
    expect(within(form).getByRole('textbox', { name: /Nhận xét/ })).toHaveValue('Ổn');
    await userEvent.click(within(within(form).getByRole('radiogroup', { name: 'Đánh giá chung' })).getByRole('radio', { name: '5 sao' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Lưu thay đổi' }));

    expect(await within(jul).findByRole('img', { name: '5/5 sao' })).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({ stars: 5, onTime: true, explainedClearly: null, carClean: false, technicianStars: 4, comment: 'Ổn' });
  });
});
