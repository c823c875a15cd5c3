import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Kysely, Transaction } from 'kysely';
import { inTransaction } from '../../db/inTransaction';
import { toNumber } from '../../db/portable';
import { lockForUpdate, nowUtcOf } from '../../db/sqlDialect';
import type { Database } from '../../db/schema';
import { replaceFitmentRows, type FitmentRowValues } from './productFitmentWork';

/**
 * The journal of a product CSV apply (decision 0053): each chunk's transaction also records what it changed (the
 * new products' ids; each updated product's columns before, its new version, its slug redirects, the fitment rows
 * its "Xe tương thích" cell replaced), so an apply cut
 * short — a change meanwhile, or the process killed — is undone from the database, not from memory. The apply's
 * commit is one short transaction deleting its row and journal; an apply whose row is left at a start was never
 * complete and is undone before the API serves.
 */

/** What one chunk of an apply wrote: what its undo takes back. */
export interface JournalChunk {
  created: number[];
  updated: {
    id: number;
    /** The version the import wrote: the undo restores only a product not saved again since. */
    version: number;
    /** The columns the import wrote, as they were when checked. */
    before: Record<string, unknown>;
    redirect: { added: string | null; removed: { slug: string; product_id: number }[] };
    /** The product's fitment rows before the import replaced them (absent: the import left them alone). */
    fitments?: FitmentRowValues[];
  }[];
}

/** This process's life: a restarted process with the same pid (a container's) is told apart from this one. */
const BOOT = randomUUID();
const OWNER = `${hostname()}|${process.pid}|${BOOT}`;
/** An apply on another machine whose heartbeat (its last chunk) is older than this is taken for dead. */
export const IMPORT_STALE_MS = 60_000;

export interface ImportJournal {
  id: string;
  /** Records a chunk, in the chunk's transaction (and says the apply is alive). */
  record(trx: Transaction<Database>, written: JournalChunk): Promise<void>;
  /** The apply's commit: its journal goes, in one short transaction; from now on it is kept across a crash. */
  complete(): Promise<void>;
  /** Takes back every chunk recorded, newest first (each in its own transaction), then the journal. */
  undo(): Promise<void>;
}

/** Opens the journal of an apply about to write (its row is committed before the first chunk). */
export async function openImportJournal(db: Kysely<Database>, actorId: number): Promise<ImportJournal> {
  const id = randomUUID();
  await db.insertInto('product_csv_imports').values({ id, owner: OWNER, actor_id: actorId, alive_ms: Date.now() }).execute();
  let chunk = 0;
  return {
    id,
    async record(trx, written) {
      chunk += 1;
      await trx.insertInto('product_csv_import_journal').values({ import_id: id, chunk, written: JSON.stringify(written) }).execute();
      await trx.updateTable('product_csv_imports').set({ alive_ms: Date.now() }).where('id', '=', id).execute();
    },
    complete: () => forget(db, id),
    undo: () => undoImport(db, id),
  };
}

async function forget(db: Kysely<Database>, id: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom('product_csv_import_journal').where('import_id', '=', id).execute();
    await trx.deleteFrom('product_csv_imports').where('id', '=', id).execute();
  });
}

/**
 * Takes back one chunk: the new products and their history go (their fitment rows with them, by the foreign key's
 * cascade); each updated product gets its row and its fitment rows back unless saved since. `keepNew`: a new product something now points at (a parts request or a goods receipt made meanwhile, which
 * refuse its deletion) is archived instead — off the shop, its history kept.
 */
async function undoChunk(trx: Transaction<Database>, chunk: JournalChunk, keepNew: boolean): Promise<void> {
  if (chunk.created.length > 0 && keepNew) {
    await trx.updateTable('products').set({ status: 'archived', is_active: 0, updated_at: nowUtcOf(trx) }).where('id', 'in', chunk.created).execute();
  } else if (chunk.created.length > 0) {
    await trx.deleteFrom('catalogue_changes').where('entity', '=', 'product').where('entity_id', 'in', chunk.created).execute();
    await trx.deleteFrom('product_slug_redirects').where('product_id', 'in', chunk.created).execute();
    await trx.deleteFrom('products').where('id', 'in', chunk.created).execute();
  }
  for (const { id, version, before, redirect, fitments } of chunk.updated) {
    const restored = await trx.updateTable('products').set(before).where('id', '=', id).where('version', '=', version).executeTakeFirst();
    if (Number(restored.numUpdatedRows) === 0) continue;
    if (fitments) await replaceFitmentRows(trx, id, fitments);
    await trx.deleteFrom('catalogue_changes').where('entity', '=', 'product').where('entity_id', '=', id).where('version', '=', version).execute();
    if (redirect.added !== null) await trx.deleteFrom('product_slug_redirects').where('slug', '=', redirect.added).where('product_id', '=', id).execute();
    if (redirect.removed.length > 0) await trx.insertInto('product_slug_redirects').values(redirect.removed).execute();
  }
}

/** PostgreSQL's 23503; SQLite says FOREIGN KEY under SQLITE_CONSTRAINT_TRIGGER for ON DELETE RESTRICT. */
function foreignKeyViolation(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code === '23503') return true;
  return typeof code === 'string' && code.startsWith('SQLITE_CONSTRAINT') && typeof message === 'string' && message.includes('FOREIGN KEY');
}

/** Undoes the newest chunk left in the journal, with its journal row; false when none is left. */
async function undoNewestChunk(db: Kysely<Database>, id: string, keepNew: boolean): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    // Two instances starting at once undo an apply one chunk at a time in turn (the row locked on PostgreSQL).
    const open = await lockForUpdate(trx, trx.selectFrom('product_csv_imports').select('id').where('id', '=', id)).executeTakeFirst();
    if (!open) return false;
    const last = await trx
      .selectFrom('product_csv_import_journal')
      .select(['id', 'written'])
      .where('import_id', '=', id)
      .orderBy('chunk', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!last) return false;
    await undoChunk(trx, JSON.parse(last.written) as JournalChunk, keepNew);
    await trx.deleteFrom('product_csv_import_journal').where('id', '=', last.id).execute();
    await trx.updateTable('product_csv_imports').set({ alive_ms: Date.now() }).where('id', '=', id).execute();
    return true;
  });
}

/** Undoes an apply from its journal, newest chunk first, one short transaction per chunk (its journal row with it). */
async function undoImport(db: Kysely<Database>, id: string): Promise<void> {
  for (;;) {
    let undid: boolean;
    try {
      undid = await undoNewestChunk(db, id, false);
    } catch (error) {
      if (!foreignKeyViolation(error)) throw error;
      undid = await undoNewestChunk(db, id, true);
    }
    if (!undid) break;
    await nextTurn();
  }
  await forget(db, id);
}

function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether the process that wrote an apply is gone: on this machine, an earlier life of this pid or a pid that no
 * longer runs; elsewhere, no heartbeat for IMPORT_STALE_MS. An apply of this very process is never gone.
 */
function ownerGone(owner: string, aliveMs: number, now: number): boolean {
  const [host, pidText, boot] = owner.split('|');
  if (host === hostname()) {
    const pid = Number(pidText);
    if (pid === process.pid) return boot !== BOOT;
    if (!processRuns(pid)) return true;
  }
  return now - aliveMs > IMPORT_STALE_MS;
}

/**
 * At the API's start, before it serves: every apply a crash cut short (its process gone) is undone from its journal,
 * so the catalogue is as before that file. Answers how many were undone (the caller tells the caches).
 */
export async function undoInterruptedImports(db: Kysely<Database>): Promise<number> {
  const open = await db.selectFrom('product_csv_imports').select(['id', 'owner', 'alive_ms']).execute();
  const now = Date.now();
  let undone = 0;
  for (const entry of open) {
    if (!ownerGone(entry.owner, toNumber(entry.alive_ms), now)) continue;
    await undoImport(db, entry.id);
    undone += 1;
  }
  return undone;
}
