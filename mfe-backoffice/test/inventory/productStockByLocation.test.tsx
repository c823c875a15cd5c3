import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from 'shared-contracts';
import { ProductStockByLocation } from '../../src/inventory';
import { inventoryApi } from '../../src/inventory/inventoryApi';
import { productStock } from '../inventoryFixtures';
import { renderAt } from '../staffFixtures';

jest.mock('../../src/inventory/inventoryApi', () => ({ inventoryApi: { productStock: jest.fn() } }));

const api = jest.mocked(inventoryApi);

beforeEach(() => jest.resetAllMocks());

describe('ProductStockByLocation', () => {
  it("shows the product's stock at each location, the online warehouse marked, with the totals", async () => {
    api.productStock.mockResolvedValue(productStock());
    renderAt(<ProductStockByLocation productId={77} />, '/admin/catalogue/products/77');
    const table = await screen.findByRole('table', { name: 'Tồn kho của Phanh đĩa thử nghiệm tại từng địa điểm' });
    expect(api.productStock).toHaveBeenCalledWith(77, expect.any(AbortSignal));
    const rows = within(table).getAllByRole('row').map((row) => within(row).queryAllByRole('cell').map((cell) => cell.textContent));
    expect(rows.slice(1)).toEqual([
      ['1.005', '3', '1.002', '10'],
      ['4', '0', '4', '2'],
      ['1.009', '3', '1.006', ''],
    ]);
    expect(within(table).getByRole('rowheader', { name: /Kho hàng online EV Service/ })).toHaveTextContent('Kho bán online');
  });

  it('links each location to its ledger of the product on the stock page', async () => {
    api.productStock.mockResolvedValue(productStock());
    renderAt(<ProductStockByLocation productId={77} />, '/admin/catalogue/products/77');
    expect(await screen.findByRole('link', { name: 'Xem sổ phát sinh kho tại Kho hàng online EV Service' })).toHaveAttribute('href', '/admin/stock?centreId=8&productId=77');
    expect(screen.getByRole('link', { name: 'Xem sổ phát sinh kho tại EV Service Hà Nội' })).toHaveAttribute('href', '/admin/stock?centreId=1&productId=77');
  });

  it('says so when the product is stocked nowhere, and offers a retry after a failure', async () => {
    api.productStock.mockRejectedValueOnce(new ApiError('Không tải được dữ liệu kho. Vui lòng thử lại.', 500, 'INTERNAL'));
    api.productStock.mockResolvedValueOnce(productStock({ locations: [], totals: { onHand: 0, reserved: 0, available: 0 } }));
    renderAt(<ProductStockByLocation productId={77} />, '/admin/catalogue/products/77');
    expect(await screen.findByRole('alert')).toHaveTextContent('Không tải được dữ liệu kho');
    await userEvent.click(screen.getByRole('button', { name: 'Thử lại' }));
    expect(await screen.findByText('Sản phẩm chưa có tồn tại địa điểm nào. Nhập hàng tại trang Kho hàng.')).toBeInTheDocument();
  });
});
