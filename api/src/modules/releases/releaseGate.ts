import semver from 'semver';
import type { ReleaseApp, ReleaseInfo } from 'shared-contracts/schemas';

export interface ReleaseGateInput {
  /** The app the build is published as (the route's `:remote`). */
  app: ReleaseApp;
  build: ReleaseInfo;
  /** The live shell's release info; null when no shell build is live yet. */
  liveShell: ReleaseInfo | null;
  /** The shared-contracts version the running API was built with. */
  apiContractsVersion: string;
}

const SHOWN = 8;

/** 'a, b, c' (at most SHOWN, then '…'). */
function listed(items: readonly string[]): string {
  return items.length > SHOWN ? `${items.slice(0, SHOWN).join(', ')}, … (${items.length} mục)` : items.join(', ');
}

/** Whether two shared-contracts versions agree: the same major, and under 1.0 the same minor. */
export function contractsCompatible(a: string, b: string): boolean {
  const left = semver.parse(a);
  const right = semver.parse(b);
  if (!left || !right) return false;
  return left.major === right.major && (left.major > 0 || left.minor === right.minor);
}

/**
 * The gate before a build is published (decision 0070): the reasons, in Vietnamese, it is refused — none when it
 * may be published. A shell build is checked against the API only (rule 3); a remote's against the live shell too:
 * 1. it exposes what the live shell expects of it; 2. every shared singleton it requires is provided by the live
 * shell in a version its range accepts (no second React); 3. its shared-contracts version is compatible with the
 * API's (same major; under 1.0, the same minor); 4. the routes it owns are exactly those the shell's route table
 * gives it; 5. every bus event it was built with exists in the live shell's.
 */
export function releaseGate({ app, build, liveShell, apiContractsVersion }: ReleaseGateInput): string[] {
  if (build.app !== app) return [`Bản dựng này là của "${build.app}", không phải của "${app}".`];
  const reasons: string[] = [];

  if (!semver.valid(build.contractsVersion)) reasons.push(`Phiên bản shared-contracts "${build.contractsVersion}" của bản dựng không hợp lệ.`);
  else if (!contractsCompatible(build.contractsVersion, apiContractsVersion)) {
    reasons.push(
      `Bản dựng dùng shared-contracts ${build.contractsVersion}, không tương thích với API đang chạy (${apiContractsVersion}): phải cùng số chính (dưới 1.0: cùng số phụ).`,
    );
  }
  if (app === 'shell') return reasons;
  if (!liveShell) return [...reasons, 'Chưa có bản shell nào đang chạy: hãy phát hành shell trước, để kiểm tra bản dựng với nó.'];

  const expected = liveShell.expects?.[app] ?? [];
  const missing = expected.filter((module) => !build.exposes.includes(module));
  if (missing.length > 0) reasons.push(`Bản dựng thiếu mô-đun mà shell đang chạy cần: ${listed(missing)}.`);

  for (const [name, wanted] of Object.entries(build.shared)) {
    const provided = liveShell.shared[name];
    if (!provided) {
      reasons.push(`Thư viện dùng chung "${name}" không được shell đang chạy cung cấp: trang sẽ tải thêm một bản thứ hai.`);
    } else if (!semver.validRange(wanted.requiredVersion)) {
      reasons.push(`Dải phiên bản "${wanted.requiredVersion}" mà bản dựng yêu cầu cho "${name}" không hợp lệ.`);
    } else if (!semver.valid(provided.version) || !semver.satisfies(provided.version, wanted.requiredVersion)) {
      reasons.push(
        `Shell đang chạy cung cấp "${name}" ${provided.version}, không thuộc dải ${wanted.requiredVersion} mà bản dựng yêu cầu: trang sẽ tải thêm một bản thứ hai.`,
      );
    }
  }

  const owned = new Set((liveShell.routeTable ?? []).filter((route) => route.owner === app).map((route) => route.path));
  const built = new Set(build.routes);
  const removed = [...owned].filter((path) => !built.has(path));
  const unknown = [...built].filter((path) => !owned.has(path));
  if (removed.length > 0) reasons.push(`Bản dựng bỏ mất đường dẫn mà bảng đường dẫn của shell giao cho nó: ${listed(removed)}.`);
  if (unknown.length > 0) reasons.push(`Bản dựng có đường dẫn mà bảng đường dẫn của shell không giao cho nó: ${listed(unknown)}.`);

  const known = new Set(liveShell.busEvents);
  const strangers = [...new Set(build.busEvents)].filter((event) => !known.has(event));
  if (strangers.length > 0) reasons.push(`Sự kiện bus không có trong shell đang chạy: ${listed(strangers)}.`);
  return reasons;
}
