import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from 'shared-contracts';
import * as fixtures from '../support/fixtures';
import { money } from '../support/fixtures';
import { answerWithFixtures, api, renderAt } from '../support/render';

jest.mock('../../src/api/storefrontApi');

beforeEach(() => {
  jest.resetAllMocks();
  answerWithFixtures();
});

describe('Home', () => {
  it('has the hero with Đặt chỗ ngay to /booking, and the page title and description', async () => {
    renderAt('/');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Trang chủ');
    expect(screen.getByRole('link', { name: 'Đặt chỗ ngay' })).toHaveAttribute('href', '/booking');
    expect(screen.getByRole('link', { name: 'Xem dịch vụ' })).toHaveAttribute('href', '/services');
    expect(document.title).toBe('Trang chủ | EV Service');
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', expect.stringContaining('xe điện'));
    await screen.findByText('EV Service Quận 1');
  });

  it('shows featured services, best sellers, promotions, packages and centres from the API', async () => {
    renderAt('/');
    const services = (await screen.findByRole('heading', { name: 'Dịch vụ nổi bật' })).closest('section')!;
    expect(await within(services).findByRole('heading', { name: 'Bảo dưỡng cơ bản' })).toBeInTheDocument();
    expect(within(services).getByText(money(250_000), { exact: false })).toBeInTheDocument();
    expect(within(services).getByRole('link', { name: 'Đặt lịch: Bảo dưỡng cơ bản' })).toHaveAttribute('href', '/booking?service=bao-duong-co-ban');

    const products = screen.getByRole('heading', { name: 'Sản phẩm bán chạy' }).closest('section')!;
    expect(await within(products).findByRole('link', { name: 'Pin lithium 48V 20Ah' })).toHaveAttribute('href', '/products/pin-lithium-48v-20ah');
    expect(within(products).getByTestId('price')).toHaveTextContent(money(8_900_000));
    expect(api.products).toHaveBeenCalledWith({ sort: 'popular', pageSize: 4 }, expect.anything());

    const promos = screen.getByRole('heading', { name: 'Ưu đãi đang diễn ra' }).closest('section')!;
    expect(await within(promos).findByText(`Giảm 20%, tối đa ${money(500_000)} cho đơn từ ${money(1_000_000)}`)).toBeInTheDocument();

    const packages = screen.getByRole('heading', { name: 'Gói dịch vụ trả trước' }).closest('section')!;
    expect(await within(packages).findByText(money(1_500_000))).toBeInTheDocument();

    const centres = screen.getByRole('heading', { name: 'Hệ thống trung tâm' }).closest('section')!;
    expect(await within(centres).findByRole('link', { name: '028 3812 3456' })).toHaveAttribute('href', 'tel:02838123456');
  });

  it('shows an API failure of one section in Vietnamese, with Thử lại that loads it again', async () => {
    api.promotions.mockRejectedValueOnce(new ApiError('Máy chủ đang gặp sự cố. Vui lòng thử lại sau.', 503, 'HTTP_503'));
    renderAt('/');
    const promos = screen.getByRole('heading', { name: 'Ưu đãi đang diễn ra' }).closest('section')!;
    expect(await within(promos).findByRole('alert')).toHaveTextContent('Máy chủ đang gặp sự cố. Vui lòng thử lại sau.');
    // the other sections are not affected
    expect(await screen.findByRole('link', { name: 'Pin lithium 48V 20Ah' })).toBeInTheDocument();
    await userEvent.click(within(promos).getByRole('button', { name: 'Thử lại' }));
    expect(await within(promos).findByRole('heading', { name: 'Chào bạn mới' })).toBeInTheDocument();
    expect(api.promotions).toHaveBeenCalledTimes(2);
  });

  it('says so when there are no products yet', async () => {
    api.products.mockResolvedValue(fixtures.productPage([]));
    renderAt('/');
    expect(await screen.findByText('Chưa có sản phẩm nào.')).toBeInTheDocument();
    await screen.findByText('EV Service Quận 1');
  });

  it('shows skeletons while loading', () => {
    api.services.mockReturnValue(new Promise(() => undefined));
    renderAt('/');
    const services = screen.getByRole('heading', { name: 'Dịch vụ nổi bật' }).closest('section')!;
    expect(within(services).getByRole('status')).toHaveTextContent('Đang tải...');
    return screen.findByText('EV Service Quận 1');
  });
});

describe('About', () => {
  it('tells about the company, lists the centres from the API and shows the build version', async () => {
    renderAt('/about');
    expect(await screen.findByRole('heading', { level: 1, name: 'Giới thiệu' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'EV Service Cầu Giấy' })).toBeInTheDocument();
    expect(screen.getByText('88 Xuân Thủy, Cầu Giấy, Hà Nội')).toBeInTheDocument();
    expect(screen.getByText('Phiên bản giao diện: 0.0.0-test')).toBeInTheDocument();
  });
});

describe('Services', () => {
  it.each([
    ['co-ban', 'Bảo dưỡng cơ bản'],
    ['nang-cao', 'Bảo dưỡng nâng cao'],
    ['cao-cap', 'Bảo dưỡng cao cấp'],
    ['chan-doan-ai', 'Chẩn đoán AI'],
    ['du-doan-hong-hoc', 'Dự đoán hỏng hóc'],
    ['theo-doi-tien-do', 'Theo dõi tiến độ'],
  ])('has the section #%s the mega menu links to, headed %s, with text', async (id, name) => {
    const { container } = renderAt('/services');
    await screen.findByRole('heading', { name: 'Bảo dưỡng nâng cao', level: 3 });
    const section = container.querySelector(`section#${id}`) as HTMLElement | null;
    expect(section).not.toBeNull();
    expect(within(section!).getByRole('heading', { level: 2 })).toHaveTextContent(name);
    expect(section!.querySelector('p')?.textContent?.trim()).toBeTruthy();
  });

  it('shows what AI diagnostics is today: the service the API sells, at a centre, confirmed by a technician', async () => {
    api.services.mockResolvedValue([
      ...fixtures.services,
      fixtures.service({ id: 9, slug: 'chan-doan-ai', name: 'Chẩn đoán AI', kind: 'diagnostics', tier: null, summary: 'Phân tích dữ liệu xe để tìm nguyên nhân lỗi.', price: 199_000, durationMinutes: 30 }),
    ]);
    const { container } = renderAt('/services');
    await screen.findByRole('heading', { name: 'Bảo dưỡng nâng cao', level: 3 });
    const section = container.querySelector('section#chan-doan-ai') as HTMLElement;
    expect(section).toHaveTextContent('Phân tích dữ liệu xe để tìm nguyên nhân lỗi.');
    expect(section).toHaveTextContent(money(199_000));
    expect(section).toHaveTextContent('kỹ thuật viên kiểm tra và xác nhận');
    expect(section).toHaveTextContent('Chưa hỗ trợ chẩn đoán từ xa');
    expect(within(section).getByRole('link', { name: 'Đặt lịch: Chẩn đoán AI' })).toHaveAttribute('href', '/booking?service=chan-doan-ai');
    expect(within(section).getByRole('link', { name: 'Đặt lịch: Chẩn đoán lỗi điện' })).toHaveAttribute('href', '/booking?service=chan-doan-loi-dien');
    // listed once: not again among the diagnostics services
    expect(screen.getAllByRole('link', { name: 'Đặt lịch: Chẩn đoán AI' })).toHaveLength(1);
  });

  it("shows a service's longer description as the admin wrote it, line breaks kept", async () => {
    api.services.mockResolvedValue([fixtures.service({ description: 'Thay dầu hộp số.\nVệ sinh cổng sạc.' }), ...fixtures.services.slice(1)]);
    renderAt('/services');
    const card = (await screen.findByRole('heading', { name: 'Bảo dưỡng cơ bản', level: 3 })).closest('article')!;
    const description = within(card as HTMLElement).getByText(/Thay dầu hộp số\./);
    expect(description.textContent).toBe('Thay dầu hộp số.\nVệ sinh cổng sạc.');
    // A service without one shows none.
    const other = screen.getByRole('heading', { name: 'Bảo dưỡng nâng cao', level: 3 }).closest('article')!;
    expect(within(other as HTMLElement).queryByText(/Thay dầu/)).toBeNull();
  });

  it('says what is not available yet when the API has no such service', async () => {
    const { container } = renderAt('/services');
    await screen.findByRole('heading', { name: 'Bảo dưỡng nâng cao', level: 3 });
    // Failure prediction lives on the customer's vehicles: no badge, a link there, and what it does not use yet.
    const prediction = container.querySelector('section#du-doan-hong-hoc') as HTMLElement;
    expect(within(prediction).getByRole('heading', { level: 2 })).toHaveTextContent(/^Dự đoán hỏng hóc$/);
    expect(within(prediction).getByRole('link', { name: 'Xem dự đoán cho xe của bạn' })).toHaveAttribute('href', '/my-vehicles');
    expect(prediction).toHaveTextContent('Chưa dùng dữ liệu trực tiếp từ xe');
    // live appointment status exists (the dashboard): no badge, a link there
    const tracking = container.querySelector('section#theo-doi-tien-do') as HTMLElement;
    expect(within(tracking).getByRole('heading', { level: 2 })).toHaveTextContent(/^Theo dõi tiến độ$/);
    expect(within(tracking).getByRole('link', { name: 'Xem lịch hẹn trên trang Tổng quan' })).toHaveAttribute('href', '/dashboard');
  });

  it('lists every service with its price, duration and a booking link with the service preselected', async () => {
    renderAt('/services');
    const card = (await screen.findByRole('heading', { name: 'Kiểm tra pin & BMS', level: 3 })).closest('article')!;
    expect(card).toHaveAttribute('id', 'kiem-tra-pin-bms');
    expect(card).toHaveTextContent(money(350_000));
    expect(card).toHaveTextContent('60 phút');
    expect(within(card).getByRole('link', { name: 'Đặt lịch: Kiểm tra pin & BMS' })).toHaveAttribute('href', '/booking?service=kiem-tra-pin-bms');
    // grouped by kind
    expect(card.closest('section')).toHaveAttribute('id', 'loai-battery');
    expect(document.title).toBe('Dịch vụ | EV Service');
  });

  it('scrolls the section named by the hash into view once the services are loaded', async () => {
    const scrollIntoView = jest.fn();
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = scrollIntoView;
    try {
      const { container } = renderAt('/services#du-doan-hong-hoc');
      await screen.findByRole('heading', { name: 'Bảo dưỡng nâng cao', level: 3 });
      expect(scrollIntoView).toHaveBeenCalledTimes(1);
      expect(scrollIntoView.mock.contexts[0]).toBe(container.querySelector('#du-doan-hong-hoc'));
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });

  it('offers Thử lại when the services cannot be loaded', async () => {
    api.services.mockRejectedValueOnce(new ApiError('Không thể kết nối tới máy chủ. Vui lòng kiểm tra mạng và thử lại.', 0, 'NETWORK'));
    renderAt('/services');
    expect(await screen.findByRole('alert')).toHaveTextContent('Không thể kết nối tới máy chủ.');
    await userEvent.click(screen.getByRole('button', { name: 'Thử lại' }));
    expect(await screen.findByRole('heading', { name: 'Bảo dưỡng cơ bản', level: 3 })).toBeInTheDocument();
  });
});

describe('Packages', () => {
  it.each([
    ['co-ban', 'Gói cơ bản'],
    ['tieu-chuan', 'Gói tiêu chuẩn'],
    ['cao-cap', 'Gói cao cấp'],
  ])('has the section #%s headed %s with a booking button', async (id, name) => {
    const { container } = renderAt('/packages');
    await screen.findByRole('heading', { level: 2, name });
    const section = container.querySelector(`#${id}`) as HTMLElement;
    expect(within(section).getByRole('heading', { level: 2 })).toHaveTextContent(name);
    expect(within(section).getByRole('link', { name: `Đặt lịch với ${name}` })).toHaveAttribute('href', `/booking?package=${id}`);
  });

  it('compares price, validity, credits and perks', async () => {
    const { container } = renderAt('/packages');
    await screen.findByRole('heading', { level: 2, name: 'Gói tiêu chuẩn' });
    const standard = container.querySelector('#tieu-chuan') as HTMLElement;
    expect(standard).toHaveTextContent(money(1_500_000));
    expect(standard).toHaveTextContent(`Tiết kiệm ${money(400_000)} so với đặt lẻ`);
    expect(standard).toHaveTextContent('12 tháng kể từ ngày mua');
    expect(standard).toHaveTextContent('4 × Bảo dưỡng cơ bản');
    expect(standard).toHaveTextContent('Cứu hộ nội thành');
    expect(standard).toHaveTextContent('Phổ biến nhất');
    expect(container.querySelector('#cao-cap')).toHaveTextContent('24 tháng kể từ ngày mua');
  });
});
