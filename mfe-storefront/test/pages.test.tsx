import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { pages } from '../src/routes';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}${location.hash}`}</output>;
}

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        {pages.map(({ path, Component }) => (
          <Route key={path} path={path} element={<Component />} />
        ))}
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}

describe('Home', () => {
  it('leads to booking, services and products', () => {
    renderAt('/');
    expect(screen.getByRole('link', { name: 'Đặt lịch ngay' })).toHaveAttribute('href', '/booking');
    expect(screen.getByRole('link', { name: 'Xem dịch vụ' })).toHaveAttribute('href', '/services');
    expect(screen.getByRole('link', { name: 'Mua phụ tùng' })).toHaveAttribute('href', '/products');
  });

  it('does not repeat the header actions (their names stay unique on the page)', () => {
    renderAt('/');
    expect(screen.queryByRole('link', { name: /Đặt chỗ ngay|Đăng nhập/ })).not.toBeInTheDocument();
  });

  it('follows the booking link', async () => {
    renderAt('/');
    await userEvent.click(screen.getByRole('link', { name: 'Đặt lịch ngay' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Đặt lịch dịch vụ');
    expect(screen.getByText('Tính năng đặt lịch trực tuyến sắp ra mắt.')).toBeInTheDocument();
  });
});

describe('About', () => {
  it('shows the storefront build version', () => {
    renderAt('/about');
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
  ])('has the section #%s the mega menu links to, headed %s, with a description', (id, name) => {
    const { container } = renderAt('/services');
    const section = container.querySelector(`#${id}`) as HTMLElement | null;
    expect(section).not.toBeNull();
    expect(within(section!).getByRole('heading', { level: 2 })).toHaveTextContent(name);
    expect(section!.querySelector('p')?.textContent?.trim()).toBeTruthy();
  });

  it('shows no prices', () => {
    renderAt('/services');
    expect(document.body.textContent).not.toMatch(/₫|VND|\d\.\d{3}/);
  });

  it('scrolls the section named by the hash into view', () => {
    const scrollIntoView = jest.fn();
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = scrollIntoView;
    try {
      const { container } = renderAt('/services#du-doan-hong-hoc');
      expect(scrollIntoView).toHaveBeenCalledTimes(1);
      expect(scrollIntoView.mock.contexts[0]).toBe(container.querySelector('#du-doan-hong-hoc'));
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });
});

describe('Products', () => {
  it.each([
    ['pin-bo-sac', 'Pin & bộ sạc'],
    ['dong-co-dien', 'Động cơ điện'],
    ['cap-sac', 'Cáp sạc'],
    ['dung-cu', 'Dụng cụ'],
  ])('?category=%s names the category %s', (slug, name) => {
    renderAt(`/products?category=${slug}`);
    expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    expect(screen.getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
  });

  it('without a known category shows every product', () => {
    renderAt('/products?category=khong-co');
    expect(screen.getByRole('heading', { level: 2, name: 'Tất cả sản phẩm' })).toBeInTheDocument();
  });

  it('the category links change the URL and the named category', async () => {
    renderAt('/products');
    await userEvent.click(screen.getByRole('link', { name: 'Cáp sạc' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/products?category=cap-sac');
    expect(screen.getByRole('heading', { level: 2, name: 'Cáp sạc' })).toBeInTheDocument();
  });

  it('the product detail page leads back to the list', () => {
    renderAt('/products/pin-lithium-48v-20ah');
    expect(screen.getByRole('link', { name: 'Quay lại danh sách sản phẩm' })).toHaveAttribute('href', '/products');
  });
});

describe('Promotions', () => {
  it.each([
    ['flash-sale', 'Flash sale'],
    ['vip', 'Thành viên VIP'],
    ['seasonal', 'Ưu đãi theo mùa'],
  ])('?type=%s names the type %s', (slug, name) => {
    renderAt(`/promotions?type=${slug}`);
    expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
  });
});

describe('Packages', () => {
  it.each([
    ['co-ban', 'Gói cơ bản'],
    ['tieu-chuan', 'Gói tiêu chuẩn'],
    ['cao-cap', 'Gói cao cấp'],
  ])('has the section #%s headed %s', (id, name) => {
    const { container } = renderAt('/packages');
    const section = container.querySelector(`#${id}`) as HTMLElement | null;
    expect(section).not.toBeNull();
    expect(within(section!).getByRole('heading', { level: 2 })).toHaveTextContent(name);
  });
});
