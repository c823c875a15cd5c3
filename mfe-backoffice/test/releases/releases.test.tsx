import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ApiError } from 'shared-contracts';
import type { ReleaseAppOverview, RemoteBuild } from 'shared-contracts/schemas';
import { ReleasesPage } from '../../src/releases';
import { releasesApi, type ReleaseOverview } from '../../src/releases/releasesApi';

jest.mock('../../src/releases/releasesApi', () => ({
  releasesApi: { overview: jest.fn(), canary: jest.fn(), promote: jest.fn(), rollback: jest.fn(), stopCanary: jest.fn(), createToken: jest.fn(), revokeToken: jest.fn() },
}));

const api = jest.mocked(releasesApi);

const ADMIN = { id: 1, name: 'Nguyễn Quản Trị' };

function build(version: string, hash: string, overrides: Partial<RemoteBuild> = {}): RemoteBuild {
  return {
    buildId: `${version}-${hash}`,
    version,
    contentHash: `${hash}${'0'.repeat(54)}`,
    commit: `${hash}ffffffffffffffffffffffffffffff`,
    contractsVersion: '0.9.0',
    manifestUrl: `/remotes/mfe-storefront/${version}-${hash}/mf-manifest.json`,
    publishedAt: '2026-11-20T02:30:00.000Z',
    publishedVia: 'ADMIN',
    publishedBy: ADMIN,
    tokenLabel: null,
    views: 0,
    errors: 0,
    ...overrides,
  };
}

/** The storefront: 1.4.0 live (published 20/11/2026 09:30 in Vietnam), 1.5.0 tried on 10 % by its team's pipeline, 1.3.2 before. */
const OLD = build('1.3.2', '0a1b2c3d4e', { publishedAt: '2026-11-10T01:00:00.000Z' });
const LIVE = build('1.4.0', '3f9c2a7b10', { views: 12_480, errors: 37 });
const CANARY = build('1.5.0', '9c1d2e3f4a', { publishedAt: '2026-11-28T03:15:00.000Z', publishedVia: 'TOKEN', publishedBy: null, tokenLabel: 'CI cửa hàng', views: 1_375, errors: 21 });

const STOREFRONT: ReleaseAppOverview = {
  app: 'mfe_storefront',
  version: 7,
  live: LIVE,
  canary: CANARY,
  canaryPercent: 10,
  updatedAt: '2026-11-28T03:20:00.000Z',
  builds: [CANARY, LIVE, OLD],
  events: [
    { id: 12, action: 'CANARY', buildId: CANARY.buildId, fromBuildId: LIVE.buildId, percent: 10, via: 'ADMIN', actor: ADMIN, tokenLabel: null, note: null, at: '2026-11-28T03:20:00.000Z' },
    { id: 11, action: 'PUBLISH', buildId: CANARY.buildId, fromBuildId: null, percent: null, via: 'TOKEN', actor: null, tokenLabel: 'CI cửa hàng', note: null, at: '2026-11-28T03:15:00.000Z' },
  ],
  tokens: [
    { id: 4, remote: 'mfe_storefront', label: 'CI cửa hàng', createdAt: '2026-11-01T02:00:00.000Z', revokedAt: null },
    { id: 2, remote: 'mfe_storefront', label: 'CI cũ', createdAt: '2026-10-01T02:00:00.000Z', revokedAt: '2026-10-31T10:00:00.000Z' },
  ],
};

/** An app that nothing was published for (the e2e database has none at all). */
const nothingFor = (app: ReleaseAppOverview['app']): ReleaseAppOverview => ({ app, version: 0, live: null, canary: null, canaryPercent: 0, updatedAt: null, builds: [], events: [], tokens: [] });

const overview = (storefront: ReleaseAppOverview = STOREFRONT): ReleaseOverview => ({
  apps: [nothingFor('shell'), storefront, nothingFor('mfe_account'), nothingFor('mfe_backoffice')],
  contractsVersion: '0.9.0',
});

const STATE = { version: 8, live: LIVE.buildId, canary: null, percent: 0 };

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/admin/releases" element={<ReleasesPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const STOREFRONT_URL = '/admin/releases?view=mfe_storefront';
const text = (element: Element) => element.textContent?.replace(/\s+/g, ' ').trim();
const stateRegion = () => screen.findByRole('region', { name: 'Cửa hàng (mfe_storefront)' });
/** A row's header and cells, each one's text. */
const cellsOf = (row: HTMLElement) => [...row.children].map((cell) => text(cell));
const factsOf = (list: HTMLElement) => Object.fromEntries(within(list).getAllByRole('term').map((term) => [text(term), text(term.nextElementSibling!)]));

beforeEach(() => {
  jest.resetAllMocks();
  api.overview.mockResolvedValue(overview());
});

describe('"Phát hành giao diện": each app’s builds', () => {
  it('shows the chosen app’s live build, its canary and share, its builds newest first and its last changes', async () => {
    renderAt(STOREFRONT_URL);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Phát hành giao diện');

    const state = await stateRegion();
    // a tab per app, the one shown marked, the one with a canary saying so
    const tabs = within(screen.getByRole('navigation', { name: 'Ứng dụng' })).getAllByRole('link');
    expect(tabs.map(text)).toEqual(['Khung giao diện (shell)', 'Cửa hàng (mfe_storefront) · thử nghiệm 10 %', 'Tài khoản (mfe_account)', 'Quản trị (mfe_backoffice)']);
    expect(tabs.map((tab) => tab.getAttribute('aria-current'))).toEqual([null, 'page', null, null]);

    // with what the browsers reported of each: 37 errors in 12 480 views, 21 in 1 375
    expect(factsOf(within(state).getByRole('region', { name: 'Bản chính thức' }))).toEqual({
      'Bản dựng': '1.4.0-3f9c2a7b10',
      'Phiên bản': '1.4.0',
      Commit: '3f9c2a7',
      'Phát hành lúc': '20/11/2026 09:30',
      'Người phát hành': 'Nguyễn Quản Trị',
      'Lượt xem': '12.480',
      Lỗi: '37',
      'Tỉ lệ lỗi': '0,3 %',
    });
    const canary = within(state).getByRole('region', { name: 'Bản thử nghiệm' });
    expect(canary).toHaveTextContent('Tỷ lệ trình duyệt: 10 %');
    expect(factsOf(canary)).toEqual({
      'Bản dựng': '1.5.0-9c1d2e3f4a',
      'Phiên bản': '1.5.0',
      Commit: '9c1d2e3',
      'Phát hành lúc': '28/11/2026 10:15',
      'Người phát hành': 'Mã phát hành “CI cửa hàng”',
      'Lượt xem': '1.375',
      Lỗi: '21',
      'Tỉ lệ lỗi': '1,5 %',
    });
    expect(canary).toHaveTextContent('Thử nghiệm tự dừng khi tỉ lệ lỗi của nó cao hơn bản chính thức quá 5 điểm phần trăm');

    const builds = screen.getByRole('table', { name: 'Các bản dựng đã phát hành, mới nhất trước' });
    const [, ...buildRows] = within(builds).getAllByRole('row');
    expect(buildRows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['1.5.0-9c1d2e3f4a', '1.4.0-3f9c2a7b10', '1.3.2-0a1b2c3d4e']);
    expect(cellsOf(buildRows[0]!).slice(1, -1)).toEqual(['1.5.0', '9c1d2e3', '0.9.0', '28/11/2026 10:15', 'Mã phát hành “CI cửa hàng”', 'Đang thử nghiệm 10 %']);
    expect(within(buildRows[0]!).getAllByRole('button').map(text)).toEqual(['Thử nghiệm', 'Quay lại bản này']);
    // the live build can be neither tried nor rolled back to
    expect(cellsOf(buildRows[1]!).slice(-2)).toEqual(['Đang chạy chính thức', '—']);
    expect(within(buildRows[1]!).queryByRole('button')).not.toBeInTheDocument();
    expect(cellsOf(buildRows[2]!).slice(-2, -1)).toEqual(['—']);

    const events = screen.getByRole('table', { name: 'Lịch sử phát hành, mới nhất trước' });
    const [, ...eventRows] = within(events).getAllByRole('row');
    expect(eventRows.map(cellsOf)).toEqual([
      ['Thử nghiệm', '1.5.0-9c1d2e3f4a', '1.4.0-3f9c2a7b10', '10 %', 'Nguyễn Quản Trị', '28/11/2026 10:20', '—'],
      ['Phát hành', '1.5.0-9c1d2e3f4a', '—', '—', 'Mã phát hành “CI cửa hàng”', '28/11/2026 10:15', '—'],
    ]);
    expect(screen.getByText('API đang chạy shared-contracts 0.9.0.')).toBeInTheDocument();
  });

  it('shows a canary the system stopped, with its note, and no error rate before the first view', async () => {
    const stopped = { id: 13, action: 'CANARY_STOP' as const, buildId: CANARY.buildId, fromBuildId: LIVE.buildId, percent: 10, via: 'SYSTEM' as const, actor: null, tokenLabel: 'Tự động dừng canary' };
    const note = 'Tự động dừng: tỉ lệ lỗi 35,0 % (7/20 lượt xem) so với 0,0 % của bản chính thức';
    api.overview.mockResolvedValue(
      overview({
        ...STOREFRONT,
        version: 8,
        live: { ...LIVE, views: 0, errors: 0 },
        canary: null,
        canaryPercent: 0,
        events: [{ ...stopped, note, at: '2026-11-28T04:00:00.000Z' }, ...STOREFRONT.events],
      }),
    );
    renderAt(STOREFRONT_URL);
    const state = await stateRegion();
    expect(factsOf(within(state).getByRole('region', { name: 'Bản chính thức' }))).toMatchObject({ 'Lượt xem': '0', Lỗi: '0', 'Tỉ lệ lỗi': '—' });
    const events = screen.getByRole('table', { name: 'Lịch sử phát hành, mới nhất trước' });
    const [, first] = within(events).getAllByRole('row');
    expect(cellsOf(first!)).toEqual(['Dừng thử nghiệm', '1.5.0-9c1d2e3f4a', '1.4.0-3f9c2a7b10', '10 %', 'Hệ thống: Tự động dừng canary', '28/11/2026 11:00', note]);
  });

  it('names the system when it published or moved a build', async () => {
    const started = build('1.0.0', 'abcdef1234', { publishedVia: 'SYSTEM', publishedBy: null, tokenLabel: 'Khởi động (npm start)' });
    const system = { via: 'SYSTEM' as const, actor: null, tokenLabel: 'Khởi động (npm start)', note: null, at: '2026-11-20T02:30:00.000Z' };
    api.overview.mockResolvedValue(
      overview({
        ...STOREFRONT,
        live: started,
        canary: null,
        canaryPercent: 0,
        builds: [started],
        events: [
          { id: 2, action: 'PROMOTE', buildId: started.buildId, fromBuildId: null, percent: null, ...system },
          { id: 1, action: 'PUBLISH', buildId: started.buildId, fromBuildId: null, percent: null, ...system },
        ],
      }),
    );
    renderAt(STOREFRONT_URL);
    const state = await stateRegion();
    expect(factsOf(within(state).getByRole('region', { name: 'Bản chính thức' }))['Người phát hành']).toBe('Hệ thống: Khởi động (npm start)');
    const events = screen.getByRole('table', { name: 'Lịch sử phát hành, mới nhất trước' });
    const [, ...eventRows] = within(events).getAllByRole('row');
    expect(eventRows.map((row) => cellsOf(row)[4])).toEqual(['Hệ thống: Khởi động (npm start)', 'Hệ thống: Khởi động (npm start)']);
  });

  it('says when nothing was published yet, with the command a team’s pipeline runs', async () => {
    renderAt('/admin/releases?view=mfe_account');
    const state = await screen.findByRole('region', { name: 'Tài khoản (mfe_account)' });
    expect(within(state).getByText('Chưa có bản dựng nào của ứng dụng này được phát hành.')).toBeInTheDocument();
    expect(within(state).getByText('npm run release -- publish mfe_account', { selector: 'code' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Các bản dựng đã phát hành, mới nhất trước' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Quay lại bản trước' })).not.toBeInTheDocument();
    expect(screen.getByText('Chưa có thay đổi nào.')).toBeInTheDocument();
    // its pipeline's token can be made here
    expect(screen.getByRole('button', { name: 'Tạo mã phát hành' })).toBeInTheDocument();
  });

  it('reads the registry again when the window regains focus', async () => {
    renderAt(STOREFRONT_URL);
    await stateRegion();
    expect(api.overview).toHaveBeenCalledTimes(1);
    api.overview.mockResolvedValueOnce(overview({ ...STOREFRONT, version: 8, canary: null, canaryPercent: 0 }));
    fireEvent.focus(window);
    await waitFor(() => expect(api.overview).toHaveBeenCalledTimes(2));
    expect(await screen.findByText('Không có bản thử nghiệm nào đang chạy.')).toBeInTheDocument();
  });
});

describe('"Phát hành giao diện": moving a build', () => {
  it('tries a build on the share typed (10 % first), with the release version shown', async () => {
    api.canary.mockResolvedValue({ data: { ...STATE, canary: OLD.buildId, percent: 25 }, message: 'Đã bật thử nghiệm bản dựng cho một phần trình duyệt.' });
    const user = userEvent.setup();
    renderAt(STOREFRONT_URL);
    await user.click(await screen.findByRole('button', { name: 'Thử nghiệm (1.3.2-0a1b2c3d4e)' }));

    const dialog = screen.getByRole('dialog', { name: 'Thử nghiệm bản 1.3.2-0a1b2c3d4e' });
    const percent = within(dialog).getByLabelText('Tỷ lệ trình duyệt dùng bản thử nghiệm (%)');
    expect(percent).toHaveValue(10);
    expect(percent).toHaveFocus();
    // out of 1–99: said beside the field, nothing sent
    await user.clear(percent);
    await user.type(percent, '100');
    await user.click(within(dialog).getByRole('button', { name: 'Bắt đầu thử nghiệm' }));
    expect(within(dialog).getByText('Nhập một số nguyên từ 1 đến 99.')).toBeInTheDocument();
    expect(percent).toHaveAttribute('aria-invalid', 'true');
    expect(api.canary).not.toHaveBeenCalled();

    await user.clear(percent);
    await user.type(percent, '25{Enter}');
    expect(api.canary).toHaveBeenCalledWith('mfe_storefront', { buildId: '1.3.2-0a1b2c3d4e', percent: 25, version: 7 });
    expect(await within(await stateRegion()).findByRole('status')).toHaveTextContent('Đã bật thử nghiệm bản dựng cho một phần trình duyệt.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(api.overview).toHaveBeenCalledTimes(2));
  });

  it('promotes and stops the canary with the release version shown, each showing the server’s message', async () => {
    api.promote.mockResolvedValue({ data: { ...STATE, live: CANARY.buildId }, message: 'Đã đưa bản thử nghiệm lên chính thức.' });
    api.stopCanary.mockResolvedValue({ data: STATE, message: 'Đã dừng thử nghiệm.' });
    const user = userEvent.setup();
    renderAt(STOREFRONT_URL);
    const state = await stateRegion();

    await user.click(within(state).getByRole('button', { name: 'Đưa lên chính thức' }));
    expect(api.promote).toHaveBeenCalledWith('mfe_storefront', { version: 7 });
    expect(await within(state).findByText('Đã đưa bản thử nghiệm lên chính thức.')).toBeInTheDocument();

    await user.click(within(state).getByRole('button', { name: 'Dừng thử nghiệm' }));
    expect(api.stopCanary).toHaveBeenCalledWith('mfe_storefront', { version: 7 });
    expect(await within(state).findByText('Đã dừng thử nghiệm.')).toBeInTheDocument();
    expect(api.overview).toHaveBeenCalledTimes(3);
  });

  it('rolls back to a chosen build once confirmed, and to the previous live build without naming one', async () => {
    api.rollback.mockResolvedValue({ data: { ...STATE, live: OLD.buildId }, message: 'Đã quay lại bản dựng trước.' });
    const user = userEvent.setup();
    renderAt(STOREFRONT_URL);
    await user.click(await screen.findByRole('button', { name: 'Quay lại bản này (1.3.2-0a1b2c3d4e)' }));

    // "Hủy" backs out: nothing sent
    let dialog = screen.getByRole('dialog', { name: 'Quay lại bản 1.3.2-0a1b2c3d4e?' });
    expect(dialog).toHaveTextContent('Mọi trình duyệt sẽ dùng bản 1.3.2-0a1b2c3d4e thay cho bản chính thức 1.4.0-3f9c2a7b10');
    await user.click(within(dialog).getByRole('button', { name: 'Hủy' }));
    expect(api.rollback).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Quay lại bản này (1.3.2-0a1b2c3d4e)' }));
    dialog = screen.getByRole('dialog', { name: 'Quay lại bản 1.3.2-0a1b2c3d4e?' });
    await user.click(within(dialog).getByRole('button', { name: 'Quay lại bản này' }));
    expect(api.rollback).toHaveBeenLastCalledWith('mfe_storefront', { buildId: '1.3.2-0a1b2c3d4e', version: 7 });
    const state = await stateRegion();
    expect(await within(state).findByText('Đã quay lại bản dựng trước.')).toBeInTheDocument();

    await user.click(within(state).getByRole('button', { name: 'Quay lại bản trước' }));
    dialog = screen.getByRole('dialog', { name: 'Quay lại bản chính thức trước?' });
    await user.click(within(dialog).getByRole('button', { name: 'Quay lại bản trước' }));
    expect(api.rollback).toHaveBeenLastCalledWith('mfe_storefront', { version: 7 });
  });

  it('explains a 409 and reads the registry again', async () => {
    const stale = 'Trạng thái phát hành vừa được người khác thay đổi. Vui lòng tải lại rồi thử lại.';
    api.promote.mockRejectedValue(new ApiError(stale, 409, 'STALE_VERSION'));
    api.overview.mockResolvedValueOnce(overview()).mockResolvedValueOnce(overview({ ...STOREFRONT, version: 9, canary: null, canaryPercent: 0 }));
    const user = userEvent.setup();
    renderAt(STOREFRONT_URL);
    const state = await stateRegion();
    await user.click(within(state).getByRole('button', { name: 'Đưa lên chính thức' }));

    expect(await within(state).findByRole('alert')).toHaveTextContent(`${stale} Đã tải lại trạng thái mới nhất.`);
    await waitFor(() => expect(api.overview).toHaveBeenCalledTimes(2));
    expect(await within(state).findByText('Không có bản thử nghiệm nào đang chạy.')).toBeInTheDocument();
  });

  it('shows a refusal’s reasons', async () => {
    api.rollback.mockRejectedValue(new ApiError('Dữ liệu không hợp lệ.', 422, 'VALIDATION_ERROR', [{ field: 'buildId', message: 'Chưa có bản chính thức nào trước đó để quay lại.' }]));
    const user = userEvent.setup();
    renderAt(STOREFRONT_URL);
    const state = await stateRegion();
    await user.click(within(state).getByRole('button', { name: 'Quay lại bản trước' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Quay lại bản trước' }));
    expect(await within(state).findByRole('alert')).toHaveTextContent('Dữ liệu không hợp lệ. Chưa có bản chính thức nào trước đó để quay lại.');
  });
});

describe('"Phát hành giao diện": release tokens', () => {
  it('lists the app’s tokens, and shows a new one once, to copy', async () => {
    const token = 'rt_9f8e7d6c5b4a39281706f5e4d3c2b1a0';
    api.createToken.mockResolvedValue({
      data: { id: 5, remote: 'mfe_storefront', label: 'CI mới', createdAt: '2026-11-29T01:00:00.000Z', revokedAt: null, token },
      message: 'Đã tạo mã phát hành. Hãy lưu lại ngay: mã chỉ hiện một lần.',
    });
    const user = userEvent.setup();
    renderAt(STOREFRONT_URL);

    const tokens = await screen.findByRole('table', { name: 'Mã phát hành của ứng dụng' });
    const [, ...rows] = within(tokens).getAllByRole('row');
    expect(rows.map(cellsOf)).toEqual([
      ['CI cửa hàng', '01/11/2026 09:00', 'Đang dùng', 'Thu hồi'],
      ['CI cũ', '01/10/2026 09:00', 'Đã thu hồi lúc 31/10/2026 17:00', '—'],
    ]);

    // a name is needed
    await user.click(screen.getByRole('button', { name: 'Tạo mã phát hành' }));
    expect(screen.getByText('Nhập tên mã phát hành.')).toBeInTheDocument();
    expect(api.createToken).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Tên mã phát hành'), 'CI mới');
    await user.click(screen.getByRole('button', { name: 'Tạo mã phát hành' }));
    expect(api.createToken).toHaveBeenCalledWith({ remote: 'mfe_storefront', label: 'CI mới' });
    expect(await screen.findByRole('heading', { name: 'Mã phát hành mới: CI mới' })).toHaveFocus();
    expect(screen.getByText(token)).toBeInTheDocument();
    expect(screen.getByText(/mã chỉ hiện một lần và sẽ không hiện lại/)).toBeInTheDocument();
    expect(screen.getByText('Đã tạo mã phát hành. Hãy lưu lại ngay: mã chỉ hiện một lần.')).toBeInTheDocument();
    expect(screen.getByLabelText('Tên mã phát hành')).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Sao chép mã phát hành' }));
    expect(await navigator.clipboard.readText()).toBe(token);

    // once put away, it is nowhere on the page
    await user.click(screen.getByRole('button', { name: 'Đã lưu mã, ẩn đi' }));
    expect(screen.queryByText(token)).not.toBeInTheDocument();
  });

  it('revokes a token once confirmed', async () => {
    api.revokeToken.mockResolvedValue({ data: { ...STOREFRONT.tokens[0]!, revokedAt: '2026-11-29T01:00:00.000Z' }, message: 'Đã thu hồi mã phát hành.' });
    const user = userEvent.setup();
    renderAt(STOREFRONT_URL);
    await user.click(await screen.findByRole('button', { name: 'Thu hồi (CI cửa hàng)' }));
    const dialog = screen.getByRole('dialog', { name: 'Thu hồi mã “CI cửa hàng”?' });
    expect(dialog).toHaveTextContent('Quy trình đang dùng mã này sẽ không phát hành được nữa.');
    await user.click(within(dialog).getByRole('button', { name: 'Thu hồi' }));
    expect(api.revokeToken).toHaveBeenCalledWith(4);
    expect(await screen.findByText('Đã thu hồi mã phát hành.')).toBeInTheDocument();
    await waitFor(() => expect(api.overview).toHaveBeenCalledTimes(2));
  });
});
