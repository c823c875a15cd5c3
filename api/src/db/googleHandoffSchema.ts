import type { ColumnType, Generated } from 'kysely';
import type { Instant, InstantDefaultNow } from './instants';

/** A UTC instant (timestamptz on PostgreSQL → Date; ISO text on SQLite → string). See schema.ts Timestamp. */

/** Migration 0020: a one-time code of the Google code flow, for the login page to exchange for a session. */
export interface GoogleSignInHandoffsTable {
  id: Generated<number>;
  /** SHA-256 (base64url) of the code in the redirect. */
  code_hash: string;
  /** SHA-256 (base64url) of the HttpOnly cookie set with the redirect. */
  binding_hash: string;
  user_id: number;
  created_at: InstantDefaultNow;
  expires_at: Instant;
  used_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
}

export interface GoogleHandoffTables {
  google_sign_in_handoffs: GoogleSignInHandoffsTable;
}
