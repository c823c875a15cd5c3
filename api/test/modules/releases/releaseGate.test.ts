import { releaseInfoSchema } from 'shared-contracts/schemas';
import { contractsCompatible, releaseGate } from '../../../src/modules/releases';
import { accountInfo, SHARED, shellInfo, storefrontInfo } from './releaseFixtures';

/**
 * The gate before a publish (decision 0070): a remote's build is checked against the live shell and the API's
 * shared-contracts, and each refusal says why in Vietnamese; a build that agrees passes with no reason.
 */
describe('the release gate', () => {
  const liveShell = shellInfo();
  const gate = (build: ReturnType<typeof storefrontInfo>, options: { apiContractsVersion?: string; app?: 'mfe_storefront' | 'mfe_account' | 'shell' } = {}) =>
    releaseGate({ app: options.app ?? (build.app as 'mfe_storefront'), build, liveShell, apiContractsVersion: options.apiContractsVersion ?? '0.1.0' });

  it('lets through builds that agree with the live shell and the API', () => {
    expect(gate(storefrontInfo())).toEqual([]);
    expect(gate(accountInfo())).toEqual([]);
    // a patch of shared-contracts, and a remote that shares fewer singletons than the shell provides
    expect(gate(storefrontInfo({ contractsVersion: '0.1.7', shared: { react: SHARED.react } }))).toEqual([]);
    // the fixtures are what the schema accepts
    expect(releaseInfoSchema.safeParse(liveShell).success).toBe(true);
    expect(releaseInfoSchema.safeParse(storefrontInfo()).success).toBe(true);
  });

  it('refuses a second React: a range the shell’s copy does not satisfy, or a singleton the shell does not provide', () => {
    const reasons = gate(storefrontInfo({ shared: { ...SHARED, react: { version: '18.3.1', requiredVersion: '^18.3.0' }, zustand: { version: '5.0.0', requiredVersion: '^5.0.0' } } }));
    expect(reasons).toEqual([
      'Shell đang chạy cung cấp "react" 19.2.0, không thuộc dải ^18.3.0 mà bản dựng yêu cầu: trang sẽ tải thêm một bản thứ hai.',
      'Thư viện dùng chung "zustand" không được shell đang chạy cung cấp: trang sẽ tải thêm một bản thứ hai.',
    ]);
    expect(gate(storefrontInfo({ shared: { react: { version: '19.2.0', requiredVersion: 'không phải dải' } } }))).toEqual([
      'Dải phiên bản "không phải dải" mà bản dựng yêu cầu cho "react" không hợp lệ.',
    ]);
  });

  it('refuses a build that no longer exposes what the live shell expects of it', () => {
    expect(gate(accountInfo({ exposes: ['./routes'] }))).toEqual(['Bản dựng thiếu mô-đun mà shell đang chạy cần: ./EmailVerificationBanner.']);
  });

  it('refuses a removed route and a route the shell’s table does not give the remote', () => {
    expect(gate(storefrontInfo({ routes: ['/', '/products', '/cart', '/flash-sale', '/account'] }))).toEqual([
      'Bản dựng bỏ mất đường dẫn mà bảng đường dẫn của shell giao cho nó: /products/:slug.',
      'Bản dựng có đường dẫn mà bảng đường dẫn của shell không giao cho nó: /flash-sale, /account.',
    ]);
  });

  it('refuses a bus event the live shell does not know', () => {
    expect(gate(storefrontInfo({ busEvents: ['cart/changed', 'cart/emptied', 'cart/emptied'] }))).toEqual(['Sự kiện bus không có trong shell đang chạy: cart/emptied.']);
  });

  it('refuses an incompatible shared-contracts: another major, or under 1.0 another minor', () => {
    expect(gate(storefrontInfo({ contractsVersion: '1.0.0' }))).toEqual([
      'Bản dựng dùng shared-contracts 1.0.0, không tương thích với API đang chạy (0.1.0): phải cùng số chính (dưới 1.0: cùng số phụ).',
    ]);
    expect(gate(storefrontInfo({ contractsVersion: '0.2.0' }))).toHaveLength(1);
    expect(gate(storefrontInfo({ contractsVersion: '2.9.0' }), { apiContractsVersion: '2.3.1' })).toEqual([]);
    expect(gate(storefrontInfo({ contractsVersion: '3.0.0' }), { apiContractsVersion: '2.3.1' })).toHaveLength(1);
    expect(gate(storefrontInfo({ contractsVersion: 'v-next' }))).toEqual(['Phiên bản shared-contracts "v-next" của bản dựng không hợp lệ.']);
    expect([contractsCompatible('0.1.0', '0.1.9'), contractsCompatible('0.1.0', '0.2.0'), contractsCompatible('1.2.0', '1.9.0'), contractsCompatible('1.2.0', '2.0.0')]).toEqual([true, false, true, false]);
  });

  it('gives every reason of a build that breaks several rules at once', () => {
    const reasons = gate(
      accountInfo({ contractsVersion: '1.0.0', exposes: [], routes: ['/account'], busEvents: ['auth/logout', 'loyalty/changed'], shared: { react: { version: '18.3.1', requiredVersion: '^18.3.0' } } }),
    );
    expect(reasons).toHaveLength(5);
  });

  it('checks a shell build against the API only, and a remote’s build only once a shell is live', () => {
    expect(releaseGate({ app: 'shell', build: shellInfo({ busEvents: ['something/new'], routeTable: [] }), liveShell: null, apiContractsVersion: '0.1.0' })).toEqual([]);
    expect(releaseGate({ app: 'shell', build: shellInfo({ contractsVersion: '1.0.0' }), liveShell: null, apiContractsVersion: '0.1.0' })).toHaveLength(1);
    expect(releaseGate({ app: 'mfe_storefront', build: storefrontInfo(), liveShell: null, apiContractsVersion: '0.1.0' })).toEqual([
      'Chưa có bản shell nào đang chạy: hãy phát hành shell trước, để kiểm tra bản dựng với nó.',
    ]);
  });

  it('refuses a build published as another app than its own', () => {
    expect(gate(storefrontInfo(), { app: 'mfe_account' })).toEqual(['Bản dựng này là của "mfe_storefront", không phải của "mfe_account".']);
  });
});
