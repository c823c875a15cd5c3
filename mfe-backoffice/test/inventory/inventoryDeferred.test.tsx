import { act, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { subscribeFloorEvents } from '../../src/floorEvents/floorEvents';
import { inventoryApi } from '../../src/inventory/inventoryApi';
import { ManagerDashboardPage } from '../../src/pages/manager/ManagerDashboardPage';
import { CENTRES, inventoryItem, inventoryPage, inventorySummary, movement } from '../inventoryFixtures';
import { signIn, signOut } from '../partsRequestFixtures';
import { renderAt } from '../staffFixtures';

jest.mock('../../src/inventory/inventoryApi', () => ({
  inventoryApi: {
    centres: jest.fn(),
    page: jest.fn(),
    summary: jest.fn(),
    lowStock: jest.fn(),
    movements: jest.fn(),
    receive: jest.fn(),
    adjust: jest.fn(),
    setMinStock: jest.fn(),
    productOptions: jest.fn(),
  },
}));
jest.mock('../../src/floorEvents/floorEvents', () => ({ subscribeFloorEvents: jest.fn(() => () => undefined) }));

const api = jest.mocked(inventoryApi);
const subscribe = jest.mocked(subscribeFloorEvents) as unknown as jest.Mock;
const battery = inventoryItem({ productId: 14, name: 'Ắc quy 12 V', sku: 'BAT-12V', onHand: 3, reserved: 1, minStock: 4 });

/** A browser's IntersectionObserver whose reports the test makes: the reader scrolling near a panel. */
class FakeObserver {
  static all: FakeObserver[] = [];
  readonly targets = new Set<Element>();
  constructor(private readonly report: IntersectionObserverCallback) {
    FakeObserver.all.push(this);
  }
  observe(target: Element) {
    this.targets.add(target);
  }
  unobserve(target: Element) {
    this.targets.delete(target);
  }
  disconnect() {
    this.targets.clear();
  }
  takeRecords() {
    return [];
  }
  /** The element came within reach of the screen. */
  static scrollNear(target: Element) {
    for (const observer of FakeObserver.all.filter((candidate) => candidate.targets.has(target))) {
      observer.report([{ target, isIntersecting: true } as IntersectionObserverEntry], observer as unknown as IntersectionObserver);
    }
  }
}

beforeEach(() => {
  jest.resetAllMocks();
  subscribe.mockImplementation(() => () => undefined);
  FakeObserver.all = [];
  Object.assign(globalThis, { IntersectionObserver: FakeObserver });
  api.centres.mockResolvedValue(CENTRES);
  api.page.mockResolvedValue(inventoryPage([battery]));
  api.summary.mockResolvedValue(inventorySummary());
  api.lowStock.mockResolvedValue({ centreId: 1, items: [battery] });
  api.movements.mockResolvedValue({ centreId: 1, items: [movement()], total: 1, page: 1, pageSize: 50, totalPages: 1 });
  signIn('manager');
});
afterEach(() => {
  signOut();
  Reflect.deleteProperty(globalThis, 'IntersectionObserver');
});

describe('the manager’s overview on a phone: the long inventory panels wait for the reader', () => {
  it('shows the low-stock list at once, and the stock table and the ledger only when scrolled near, each where it will be', async () => {
    renderAt(
      <Routes>
        <Route path="/manager" element={<ManagerDashboardPage />} />
      </Routes>,
      '/manager',
    );
    const low = await screen.findByRole('region', { name: 'Hàng sắp hết (1)' });
    expect(within(low).getByText('Ắc quy 12 V')).toBeInTheDocument();

    // below the fold: the panels hold their place, named, without their rows or their reads
    const stock = screen.getByRole('region', { name: 'Tồn kho trung tâm' });
    const ledger = screen.getByRole('region', { name: 'Sổ phát sinh kho' });
    expect(stock).toHaveAttribute('data-deferred', 'true');
    expect(within(stock).queryByRole('table')).not.toBeInTheDocument();
    expect(within(ledger).queryByRole('table')).not.toBeInTheDocument();
    expect(api.page).not.toHaveBeenCalled();
    expect(api.summary).not.toHaveBeenCalled();
    expect(api.movements).not.toHaveBeenCalled();

    // the reader scrolls to the stock: its table loads, the ledger still waits
    act(() => FakeObserver.scrollNear(stock));
    await screen.findByRole('table', { name: 'Tồn kho tại EV Service Hà Nội' });
    expect(api.page).toHaveBeenCalledTimes(1);
    expect(api.movements).not.toHaveBeenCalled();

    act(() => FakeObserver.scrollNear(screen.getByRole('region', { name: 'Sổ phát sinh kho' })));
    const ledgerTable = await within(screen.getByRole('region', { name: 'Sổ phát sinh kho' })).findByRole('table');
    expect(ledgerTable).toBeInTheDocument();
    expect(api.movements).toHaveBeenCalledTimes(1);
  });
});
