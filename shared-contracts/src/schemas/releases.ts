import { z } from 'zod';
import { RELEASE_APPS } from '../federation/releaseApps';
import { REMOTE_NAMES } from '../federation/remotes';
import { envelopeSchema } from './envelope';
import { textInput } from './primitives';

/**
 * Each remote released alone (issue 68, decision 0070): the release info every build writes beside its
 * mf-manifest.json (`release.json`), and the API's registry of published builds — per app the live build, an
 * optional canary with its share of browsers, the audit — at /api/releases and /api/admin/releases. The shell's own
 * builds are registered under the app name 'shell': the gate checks a remote against the live shell's info.
 */

// What can be released (the shell and every remote), for the API, which reads shared-contracts through this subpath.
export { RELEASE_APPS, isReleaseApp, type ReleaseApp } from '../federation/releaseApps';
export { canaryBucket, inCanary } from '../federation/canaryShare';
export type ReleaseRemote = (typeof REMOTE_NAMES)[number];
/** The remotes (REMOTE_NAMES). */
export const RELEASE_REMOTES: readonly ReleaseRemote[] = REMOTE_NAMES;

export const RELEASE_ACTIONS = ['PUBLISH', 'CANARY', 'PROMOTE', 'ROLLBACK', 'CANARY_STOP'] as const;
export type ReleaseAction = (typeof RELEASE_ACTIONS)[number];

/**
 * How a change was made: an admin's session, a release token scoped to the app, or the system itself (the start
 * script making the current builds live, the automatic stop of a failing canary; never reachable from HTTP).
 */
export const RELEASE_CHANNELS = ['ADMIN', 'TOKEN', 'SYSTEM'] as const;
export type ReleaseChannel = (typeof RELEASE_CHANNELS)[number];

/** A build is `<version>-<first 10 hex digits of its content hash>`. */
export const BUILD_HASH_LENGTH = 10;
export const BUILD_ID_PATTERN = /^[0-9A-Za-z.+-]{1,64}-[0-9a-f]{10}$/;

const VERSION_TEXT = /^[0-9A-Za-z.+-]{1,40}$/;

const bounded = (label: string, max: number, pattern?: RegExp) => {
  const text = textInput({ error: `${label} không hợp lệ.` })
    .min(1, `${label} không được để trống.`)
    .max(max, `${label} tối đa ${max} ký tự.`);
  return pattern ? text.regex(pattern, `${label} không hợp lệ.`) : text;
};

const boundedList = <T extends z.ZodType>(item: T, label: string, max: number) => z.array(item, { error: `${label} phải là một danh sách.` }).max(max, `${label} tối đa ${max} mục.`);

const boundedRecord = <T extends z.ZodType>(value: T, key: z.ZodString, label: string, max: number) =>
  z
    .record(key, value, { error: `${label} không hợp lệ.` })
    .refine((entries) => Object.keys(entries).length <= max, `${label} tối đa ${max} mục.`);

const appInput = z.enum(RELEASE_APPS, { error: `Ứng dụng phải là một trong: ${RELEASE_APPS.join(', ')}.` });

/** A shared singleton of a build: the version it provides, the range it requires. */
export const releaseSharedSchema = z.object({
  version: bounded('Phiên bản thư viện dùng chung', 40, VERSION_TEXT),
  requiredVersion: bounded('Dải phiên bản yêu cầu', 100),
});

/**
 * `release.json`: the app, its package and version, the commit, when it was built, the shared-contracts version it
 * was built against, its shared singletons, what it exposes, the routes it owns (a remote) or the whole route table
 * with owners and what it expects each remote to expose (the shell, which must give both), and its bus events.
 */
export const releaseInfoSchema = z
  .object({
    app: appInput,
    package: bounded('Tên gói', 100, /^(@[a-z0-9._-]+\/)?[a-z0-9._-]+$/),
    version: bounded('Phiên bản', 40, VERSION_TEXT),
    commit: bounded('Commit', 64, /^[0-9A-Za-z._-]+$/),
    builtAt: z.iso.datetime({ offset: true, error: 'Thời điểm build không hợp lệ.' }),
    contractsVersion: bounded('Phiên bản shared-contracts', 40, VERSION_TEXT),
    shared: boundedRecord(releaseSharedSchema, bounded('Tên thư viện dùng chung', 100), 'Thư viện dùng chung', 60),
    exposes: boundedList(bounded('Mô-đun công bố', 100), 'Mô-đun công bố', 50),
    routes: boundedList(bounded('Đường dẫn', 200), 'Đường dẫn', 300),
    routeTable: boundedList(z.object({ path: bounded('Đường dẫn', 200), owner: z.enum(REMOTE_NAMES, { error: 'Chủ của đường dẫn phải là một remote.' }) }), 'Bảng đường dẫn', 500).optional(),
    expects: z.partialRecord(z.enum(REMOTE_NAMES, { error: 'Remote không hợp lệ.' }), boundedList(bounded('Mô-đun công bố', 100), 'Mô-đun công bố', 50), { error: 'Mô-đun mong đợi không hợp lệ.' }).optional(),
    busEvents: boundedList(bounded('Sự kiện bus', 100), 'Sự kiện bus', 200),
  })
  .refine((info) => info.app !== 'shell' || (info.routeTable !== undefined && info.expects !== undefined), {
    message: 'Bản dựng của shell phải có bảng đường dẫn (routeTable) và các mô-đun mong đợi (expects).',
    path: ['routeTable'],
  });
export type ReleaseInfo = z.infer<typeof releaseInfoSchema>;

const versionInput = z
  .number({ error: 'Phiên bản dữ liệu không hợp lệ, vui lòng tải lại.' })
  .int('Phiên bản dữ liệu không hợp lệ, vui lòng tải lại.')
  .min(0, 'Phiên bản dữ liệu không hợp lệ, vui lòng tải lại.')
  .max(2_147_483_647, 'Phiên bản dữ liệu không hợp lệ, vui lòng tải lại.');
const buildIdInput = bounded('Mã bản dựng', 80, BUILD_ID_PATTERN);
const noteInput = textInput({ trim: true, multiline: true, error: 'Ghi chú không hợp lệ.' }).max(300, 'Ghi chú tối đa 300 ký tự.').optional();

/** POST /api/releases/:remote/builds: the build's release info, its content hash (SHA-256 hex, ≥ 10 digits), where its mf-manifest.json is. */
export const publishBuildInputSchema = z.object({
  releaseInfo: releaseInfoSchema,
  contentHash: bounded('Mã băm nội dung', 64, /^[0-9a-f]{10,64}$/),
  manifestUrl: bounded('Địa chỉ manifest', 500, /^(https?:\/\/[^\s]+|\/[^\s]*)$/),
});
export type PublishBuildInput = z.infer<typeof publishBuildInputSchema>;

/**
 * What the API's currentBuildsCli reads on stdin (`npm start`): the builds of the working tree, the shell first, each
 * published and made live by the system unless it already is.
 */
export const currentBuildsSchema = z
  .array(publishBuildInputSchema.extend({ app: appInput }), { error: 'Danh sách bản dựng phải là một mảng.' })
  .min(1, 'Danh sách bản dựng trống.')
  .max(RELEASE_APPS.length, `Danh sách bản dựng tối đa ${RELEASE_APPS.length} mục.`);
export type CurrentBuild = z.infer<typeof currentBuildsSchema>[number];

/** POST /api/releases/:remote/canary: a published build to a share of browsers (1–99 %). */
export const startCanaryInputSchema = z.object({
  buildId: buildIdInput,
  percent: z.number({ error: 'Tỷ lệ thử nghiệm không hợp lệ.' }).int('Tỷ lệ thử nghiệm phải là số nguyên.').min(1, 'Tỷ lệ thử nghiệm từ 1 %.').max(99, 'Tỷ lệ thử nghiệm tối đa 99 %.'),
  version: versionInput,
  note: noteInput,
});
/** POST /api/releases/:remote/canary/stop. */
export const releaseMoveInputSchema = z.object({ version: versionInput, note: noteInput });
/** POST /api/releases/:remote/promote: the named published build live at once, else the canary. */
export const promoteInputSchema = z.object({ buildId: buildIdInput.optional(), version: versionInput, note: noteInput });
/** POST /api/releases/:remote/rollback: to the named build, else to the previous live one. */
export const rollbackInputSchema = z.object({ buildId: buildIdInput.optional(), version: versionInput, note: noteInput });
export type StartCanaryInput = z.infer<typeof startCanaryInputSchema>;
export type ReleaseMoveInput = z.infer<typeof releaseMoveInputSchema>;
export type PromoteInput = z.infer<typeof promoteInputSchema>;
export type RollbackInput = z.infer<typeof rollbackInputSchema>;

export const releaseAppParamsSchema = z.object({ remote: appInput });

/** What the CLI reads before a write. */
export const releaseStateSchema = z.object({ version: z.number(), live: z.string().nullable(), canary: z.string().nullable(), percent: z.number() });
export type ReleaseState = z.infer<typeof releaseStateSchema>;

export const remoteBuildSchema = z.object({
  buildId: z.string(),
  version: z.string(),
  contentHash: z.string(),
  commit: z.string(),
  contractsVersion: z.string(),
  manifestUrl: z.string(),
  publishedAt: z.string(),
  publishedVia: z.enum(RELEASE_CHANNELS),
  publishedBy: z.object({ id: z.number(), name: z.string() }).nullable(),
  tokenLabel: z.string().nullable(),
  /** The sampled page views and errors reported for it while it was live or the canary (POST /api/releases/reports). */
  views: z.number(),
  errors: z.number(),
});
export type RemoteBuild = z.infer<typeof remoteBuildSchema>;

export const releaseEventSchema = z.object({
  id: z.number(),
  action: z.enum(RELEASE_ACTIONS),
  buildId: z.string(),
  fromBuildId: z.string().nullable(),
  percent: z.number().nullable(),
  via: z.enum(RELEASE_CHANNELS),
  actor: z.object({ id: z.number(), name: z.string() }).nullable(),
  tokenLabel: z.string().nullable(),
  note: z.string().nullable(),
  at: z.string(),
});
export type ReleaseEvent = z.infer<typeof releaseEventSchema>;

export const releaseTokenSchema = z.object({ id: z.number(), remote: z.enum(RELEASE_APPS), label: z.string(), createdAt: z.string(), revokedAt: z.string().nullable() });
export type ReleaseToken = z.infer<typeof releaseTokenSchema>;

/** POST /api/releases/:remote/builds: the build (stored now or before: `created`) and the app's state after it. */
export const publishBuildResultSchema = z.object({ build: remoteBuildSchema, created: z.boolean(), state: releaseStateSchema });
export const publishBuildResponseSchema = envelopeSchema(publishBuildResultSchema);
export const releaseStateResponseSchema = envelopeSchema(releaseStateSchema);

/** GET /api/admin/releases: per app its live build, canary and share, builds (newest first) and last events. */
export const releaseAppOverviewSchema = z.object({
  app: z.enum(RELEASE_APPS),
  version: z.number(),
  live: remoteBuildSchema.nullable(),
  canary: remoteBuildSchema.nullable(),
  canaryPercent: z.number(),
  updatedAt: z.string().nullable(),
  builds: z.array(remoteBuildSchema),
  events: z.array(releaseEventSchema),
  tokens: z.array(releaseTokenSchema),
});
export type ReleaseAppOverview = z.infer<typeof releaseAppOverviewSchema>;
export const releaseOverviewResponseSchema = envelopeSchema(z.object({ apps: z.array(releaseAppOverviewSchema), contractsVersion: z.string() }));

/** GET /api/releases/manifest?browser=<key>: per remote with a live build, the build this browser gets. */
export const liveManifestQuerySchema = z.object({
  browser: textInput({ error: 'Mã trình duyệt không hợp lệ.' }).max(128, 'Mã trình duyệt tối đa 128 ký tự.').optional(),
});
export const liveRemoteSchema = z.object({ url: z.string(), buildId: z.string(), canary: z.boolean() });
export type LiveRemote = z.infer<typeof liveRemoteSchema>;
export const liveManifestSchema = z.object({ remotes: z.partialRecord(z.enum(REMOTE_NAMES), liveRemoteSchema), contractsVersion: z.string() });
/**
 * GET /api/releases/live (and each frame of /api/releases/live/stream): every remote's live build and canary, for the
 * shell's server, which gives each browser its build itself (inCanary) instead of asking for each page.
 */
const liveBuildSchema = z.object({ buildId: z.string(), url: z.string() });
export const liveTableSchema = z.object({
  remotes: z.partialRecord(z.enum(REMOTE_NAMES), z.object({ live: liveBuildSchema, canary: liveBuildSchema.extend({ percent: z.number().int() }).nullable() })),
});
export type LiveTable = z.infer<typeof liveTableSchema>;
export const liveTableResponseSchema = envelopeSchema(liveTableSchema);
export type LiveManifest = z.infer<typeof liveManifestSchema>;
export const liveManifestResponseSchema = envelopeSchema(liveManifestSchema);

/** At most this many reports in one POST /api/releases/reports (one per remote of the page). */
export const BUILD_REPORTS_MAX = 3;
/** At most this many errors of one remote in one report (the shell counts at most as many per page). */
export const BUILD_REPORT_MAX_ERRORS = 20;

/**
 * One remote's share of a sampled page: `views: 1` once per page it mounted in, with its errors so far (load
 * failures, uncaught errors, render errors); the same page's later errors come as `views: 0`.
 */
export const buildReportSchema = z.object({
  remote: z.enum(REMOTE_NAMES, { error: `Remote phải là một trong: ${REMOTE_NAMES.join(', ')}.` }),
  buildId: bounded('Mã bản dựng', 60, BUILD_ID_PATTERN),
  views: z.union([z.literal(0), z.literal(1)], { error: 'Lượt xem phải là 0 hoặc 1.' }),
  errors: z
    .number({ error: 'Số lỗi không hợp lệ.' })
    .int('Số lỗi phải là số nguyên.')
    .min(0, 'Số lỗi không được âm.')
    .max(BUILD_REPORT_MAX_ERRORS, `Số lỗi tối đa ${BUILD_REPORT_MAX_ERRORS} mỗi báo cáo.`),
});
export type BuildReport = z.infer<typeof buildReportSchema>;

/** POST /api/releases/reports (the shell, without a session): 1 to 3 reports; answered 202 `{ success: true }`. */
export const buildReportsInputSchema = z.object({
  reports: z
    .array(buildReportSchema, { error: 'Danh sách báo cáo không hợp lệ.' })
    .min(1, 'Cần ít nhất một báo cáo.')
    .max(BUILD_REPORTS_MAX, `Tối đa ${BUILD_REPORTS_MAX} báo cáo mỗi lần gửi.`),
});
export type BuildReportsInput = z.infer<typeof buildReportsInputSchema>;
export const buildReportsAcceptedSchema = z.object({ success: z.literal(true) });

/** POST /api/admin/releases/tokens: a token for one app's pipeline, shown once. */
export const releaseTokenInputSchema = z.object({ remote: appInput, label: bounded('Tên mã phát hành', 80) });
export type ReleaseTokenInput = z.infer<typeof releaseTokenInputSchema>;
export const releaseTokenCreatedResponseSchema = envelopeSchema(releaseTokenSchema.extend({ token: z.string() }));
export const releaseTokenResponseSchema = envelopeSchema(releaseTokenSchema);
