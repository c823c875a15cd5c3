import type { ColumnType, Generated, Selectable } from 'kysely';
import type { InstantDefaultNow, NullableInstant } from './instants';

/** A published build of an app (a remote, or 'shell'), immutable (migration 0075). */
export interface RemoteBuildsTable {
  id: Generated<number>;
  /** 'shell' | 'mfe_storefront' | 'mfe_account' | 'mfe_backoffice'. */
  remote: string;
  /** '<version>-<first 10 hex digits of content_hash>', unique per remote. */
  build_id: string;
  version: string;
  /** SHA-256 hex of the build's files (10 to 64 digits, as the publisher gave it). */
  content_hash: string;
  commit: string;
  contracts_version: string;
  manifest_url: string;
  /** JSON: the build's release.json (shared-contracts' releaseInfoSchema). */
  release_info: string;
  published_by: number | null;
  /** 'ADMIN' | 'TOKEN' | 'SYSTEM' (0076). */
  published_via: string;
  /** The release token's label, or the system's ('Khởi động (npm start)'). */
  token_label: string | null;
  published_at: InstantDefaultNow;
}

/** Per app, which build is live and which (if any) is the canary for a share of browsers; `version` guards each move. */
export interface RemoteReleasesTable {
  remote: string;
  live_build_id: string;
  canary_build_id: ColumnType<string | null, string | null | undefined, string | null>;
  canary_percent: ColumnType<number, number | undefined, number>;
  version: ColumnType<number, number | undefined, number>;
  updated_at: InstantDefaultNow;
  updated_by: number | null;
}

/** The audit of every publish, canary, promote, rollback and canary stop. */
export interface ReleaseEventsTable {
  id: Generated<number>;
  remote: string;
  /** 'PUBLISH' | 'CANARY' | 'PROMOTE' | 'ROLLBACK' | 'CANARY_STOP'. */
  action: string;
  build_id: string;
  /** The live build before a PROMOTE or ROLLBACK; the live build beside a CANARY or CANARY_STOP. */
  from_build_id: string | null;
  percent: number | null;
  actor_id: number | null;
  /** 'ADMIN' | 'TOKEN' | 'SYSTEM' (0076). */
  actor_via: string;
  /** The release token's label, or the system's ('Tự động dừng canary'). */
  token_label: string | null;
  note: string | null;
  at: InstantDefaultNow;
}

/** A token an app's pipeline releases with: only its SHA-256 is kept. */
export interface ReleaseTokensTable {
  id: Generated<number>;
  remote: string;
  label: string;
  token_hash: string;
  created_by: number;
  created_at: InstantDefaultNow;
  revoked_at: NullableInstant;
}

/** Per build, the sampled page views and errors the browsers reported (migration 0076), each report added atomically. */
export interface ReleaseBuildHealthTable {
  remote: string;
  build_id: string;
  views: ColumnType<number, number | undefined, number>;
  errors: ColumnType<number, number | undefined, number>;
  updated_at: InstantDefaultNow;
}

export type RemoteBuildRow = Selectable<RemoteBuildsTable>;
export type RemoteReleaseRow = Selectable<RemoteReleasesTable>;
export type ReleaseEventRow = Selectable<ReleaseEventsTable>;
export type ReleaseTokenRow = Selectable<ReleaseTokensTable>;

export interface ReleaseTables {
  remote_builds: RemoteBuildsTable;
  remote_releases: RemoteReleasesTable;
  release_events: ReleaseEventsTable;
  release_tokens: ReleaseTokensTable;
  release_build_health: ReleaseBuildHealthTable;
}
