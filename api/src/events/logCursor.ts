/**
 * Where an instance is in the live log (eventLog.ts), and which ids it has delivered: the broker and the log's
 * readers may bring the same message twice, a stream must get it once.
 *
 * `floor`: every id at or below it was delivered or given up. On PostgreSQL two concurrent publishes may commit out
 * of id order, so a missing id above the floor (a gap) holds the floor for GAP_WAIT_MS before it is given up (an
 * insert that failed, or a row pruned); reads start after the floor and skip what was delivered.
 */

/** How long a missing id may still appear (a publish not yet committed). */
export const GAP_WAIT_MS = 5_000;
/** How many delivered ids are remembered: far more than can be in flight at once. */
export const SEEN_CAPACITY = 20_000;
/** A hole this wide is rows gone (pruned), not publishes in flight: given up at once. */
const WIDE_HOLE = 1_000;

export class LogCursor {
  private floorId: number | null = null;
  private readonly seen = new Set<number>();
  /** Missing id → when first noticed. */
  private readonly gaps = new Map<number, number>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Where reading starts (null until start()). */
  get floor(): number | null {
    return this.floorId;
  }

  /** Starts after `head` (the log's newest id when the instance starts): older messages are not for it. */
  start(head: number): void {
    this.floorId ??= head;
  }

  has(id: number): boolean {
    return this.seen.has(id);
  }

  /** Marks `id` delivered; false when it was already (the caller then drops the message). */
  claim(id: number): boolean {
    if (this.seen.has(id)) return false;
    this.seen.add(id);
    if (this.seen.size > SEEN_CAPACITY) {
      const oldest = this.seen.values().next().value;
      if (oldest !== undefined) this.seen.delete(oldest);
    }
    return true;
  }

  /** After a read of the ids above the floor (ascending; those delivered were claimed): moves the floor up to the first young gap. */
  advance(ids: readonly number[]): void {
    if (this.floorId === null) return;
    const now = this.now();
    // Every hole of this read waits GAP_WAIT_MS from when it was first seen missing.
    let previous = this.floorId;
    for (const id of ids) {
      if (id - previous - 1 < WIDE_HOLE) {
        for (let missing = previous + 1; missing < id; missing += 1) if (!this.seen.has(missing) && !this.gaps.has(missing)) this.gaps.set(missing, now);
      }
      previous = Math.max(previous, id);
    }
    let floor = this.floorId;
    for (const id of ids) {
      if (id <= floor) continue;
      if (id - floor - 1 >= WIDE_HOLE) floor = id - 1;
      while (floor + 1 < id && this.passable(floor + 1, now)) floor += 1;
      if (floor + 1 < id) break;
      if (!this.seen.has(id) && !this.gaps.has(id)) this.gaps.set(id, now);
      if (!this.passable(id, now)) break;
      floor = id;
    }
    this.floorId = floor;
    for (const gap of [...this.gaps.keys()]) if (gap <= floor) this.gaps.delete(gap);
  }

  /** Delivered, or missing for GAP_WAIT_MS already. */
  private passable(id: number, now: number): boolean {
    if (this.seen.has(id)) return true;
    const noticed = this.gaps.get(id);
    return noticed !== undefined && now - noticed >= GAP_WAIT_MS;
  }
}
