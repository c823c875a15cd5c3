import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { storefrontApi } from '../../src/api/storefrontApi';
import { pages } from '../../src/routes';
import * as fixtures from './fixtures';

/** The storefront API module as jest.mock makes it (every call a jest.fn). */
export const api = storefrontApi as jest.Mocked<typeof storefrontApi>;

/** Every call answers with the fixtures (tests override single calls). */
export function answerWithFixtures(): void {
  api.products.mockResolvedValue(fixtures.productPage([fixtures.product()]));
  api.product.mockResolvedValue(fixtures.productDetail());
  api.availability.mockResolvedValue({ online: 40, pickup: [] });
  api.categories.mockResolvedValue(fixtures.categories);
  api.brands.mockResolvedValue(fixtures.brands);
  api.services.mockResolvedValue(fixtures.services);
  api.packages.mockResolvedValue(fixtures.packages);
  api.promotions.mockResolvedValue(fixtures.promotions);
  api.centres.mockResolvedValue(fixtures.centres);
  api.search.mockResolvedValue({ query: '', total: 0, hits: [] });
  // the server answers the saved list after a change
  const savedOnServer = new Map<number, fixtures.SavedPromotionFixture>();
  api.savedPromotions.mockImplementation(async () => [...savedOnServer.values()]);
  api.savePromotion.mockImplementation(async (id) => {
    const promotion = fixtures.promotions.find((candidate) => candidate.id === id);
    if (promotion && !savedOnServer.has(id)) savedOnServer.set(id, fixtures.saved(promotion));
    return [...savedOnServer.values()];
  });
  api.unsavePromotion.mockImplementation(async (id) => {
    savedOnServer.delete(id);
    return [...savedOnServer.values()];
  });
  api.sendContact.mockResolvedValue({ id: 1, receivedAt: '2026-11-22T08:00:00.000Z' });
}

let navigateRef: ReturnType<typeof useNavigate> | null = null;

function LocationProbe() {
  const location = useLocation();
  navigateRef = useNavigate();
  return <div data-testid="location">{`${location.pathname}${location.search}${location.hash}`}</div>;
}

/** Goes back one history entry (the browser's back button). */
export function goBack(): void {
  navigateRef?.(-1);
}

/** Renders the storefront's pages in a memory router at `url`, with a probe showing the current URL. */
export function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        {pages.map(({ path, Component }) => (
          <Route key={path} path={path} element={<Component />} />
        ))}
        <Route path="/auth/login" element={<h1>Đăng nhập</h1>} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}
