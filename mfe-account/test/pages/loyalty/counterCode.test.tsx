import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionStore } from 'shared-contracts';
import { LoyaltyPage } from '../../../src/pages/loyalty/LoyaltyPage';
import { fail, logIn, mockFetch, ok, renderAccountPage } from '../../helpers';
import { summary } from '../../loyaltyFixtures';

beforeEach(() => logIn());
afterEach(() => sessionStore.clear());

describe('/loyalty: points at the service counter', () => {
  it('gives the member a 6-digit code and its QR for the counter, and a new one on request', async () => {
    let issued = 0;
    const { calls } = mockFetch((call) => {
      if (call.method === 'GET' && call.path === '/api/loyalty/me') return ok(summary());
      if (call.method === 'POST' && call.path === '/api/loyalty/me/counter-code') {
        issued += 1;
        return ok({ code: issued === 1 ? '483920' : '105577', expiresAt: new Date(Date.now() + 300_000).toISOString(), qrImageDataUrl: 'data:image/svg+xml;base64,PHN2Zy8+' });
      }
      return fail(404, 'Không tìm thấy');
    });
    renderAccountPage('/loyalty', <LoyaltyPage />);
    const card = await screen.findByRole('region', { name: 'Dùng điểm tại quầy' });
    await userEvent.click(within(card).getByRole('button', { name: 'Dùng điểm tại quầy' }));
    expect(await within(card).findByTestId('counter-code')).toHaveTextContent('483920');
    expect(within(card).getByRole('img', { name: 'Mã QR dùng điểm tại quầy' })).toHaveAttribute('src', 'data:image/svg+xml;base64,PHN2Zy8+');
    expect(within(card).getByText(/Mã dùng một lần, hiệu lực đến/)).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Lấy mã mới' }));
    expect(await within(card).findByText('105577')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/loyalty/me/counter-code')).toHaveLength(2);
  });

  it('explains a refusal in Vietnamese', async () => {
    mockFetch((call) => {
      if (call.method === 'GET' && call.path === '/api/loyalty/me') return ok(summary());
      return fail(503, 'Hệ thống tạm thời gián đoạn. Vui lòng thử lại sau ít phút.');
    });
    renderAccountPage('/loyalty', <LoyaltyPage />);
    const card = await screen.findByRole('region', { name: 'Dùng điểm tại quầy' });
    await userEvent.click(within(card).getByRole('button', { name: 'Dùng điểm tại quầy' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Hệ thống tạm thời gián đoạn. Vui lòng thử lại sau ít phút.');
  });
});
