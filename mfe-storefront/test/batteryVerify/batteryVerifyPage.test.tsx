import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ApiError } from 'shared-contracts';
import type { BatteryVerify } from 'shared-contracts/schemas';
import { BatteryVerifyPage } from '../../src/batteryVerify/BatteryVerifyPage';
import { batteryVerifyApi } from '../../src/batteryVerify/batteryVerifyApi';

jest.mock('../../src/batteryVerify/batteryVerifyApi');
const api = jest.mocked(batteryVerifyApi);

const VERIFIED: BatteryVerify = {
  code: 'ABCDEFGH2345',
  batteryChemistry: 'LFP',
  sohPercent: 76.5,
  capacityKwh: 2.68,
  ratedCapacityKwh: 3.5,
  cellSpreadMv: 64,
  internalResistanceMohm: 80,
  temperatureC: 29,
  odometerKm: 12_500,
  tool: 'Midtronics EXP-1000',
  measuredAt: '2026-11-21T18:30:00.000Z',
  flag: 'DEGRADED',
  flagLabel: 'Pin suy giảm',
  spreadWarning: true,
  modelLabel: 'VinFast Feliz S',
  centreName: 'EV Service Cầu Giấy',
};

function open(code: string) {
  return render(
    <MemoryRouter initialEntries={[`/xac-minh-pin/${code}`]}>
      <Routes>
        <Route path="/xac-minh-pin/:code" element={<BatteryVerifyPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => jest.resetAllMocks());

describe('/xac-minh-pin/:code', () => {
  it('shows the certificate’s figures, model, date (Vietnam’s) and verdict for the code in the path', async () => {
    api.verify.mockResolvedValue(VERIFIED);
    open('ABCDEFGH2345');
    expect(await screen.findByRole('heading', { level: 2, name: /Chứng nhận ABCDEFGH2345 hợp lệ/ })).toBeInTheDocument();
    expect(api.verify).toHaveBeenCalledWith('ABCDEFGH2345', expect.anything());
    expect(screen.getByRole('heading', { level: 1, name: 'Xác minh chứng nhận pin' })).toBeInTheDocument();
    expect(screen.getByText('Kết luận: Pin suy giảm')).toBeInTheDocument();
    expect(screen.getByText('Lưu ý: lệch áp cell cao.')).toBeInTheDocument();
    const value = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
    expect(value('Dòng xe')).toBe('VinFast Feliz S');
    expect(value('Tình trạng pin (SOH)')).toBe('76,5 %');
    expect(value('Dung lượng đo được')).toBe('2,68 kWh');
    expect(value('Số km (ODO)')).toBe('12.500 km');
    // 18:30 UTC on the 21st is the 22nd in Vietnam
    expect(value('Ngày đo')).toBe('22/11/2026');
    expect(value('Loại pin')).toBe('Lithium sắt phốt phát (LFP)');
  });

  it('says so when the code is not a certificate of ours', async () => {
    api.verify.mockRejectedValue(new ApiError('Không tìm thấy chứng nhận pin với mã này. Vui lòng kiểm tra lại mã trên chứng nhận.', 404, 'NOT_FOUND'));
    open('FORGED000000');
    expect(await screen.findByRole('alert')).toHaveTextContent('Không tìm thấy chứng nhận pin với mã này.');
    expect(screen.queryByText(/Kết luận/)).not.toBeInTheDocument();
  });
});
