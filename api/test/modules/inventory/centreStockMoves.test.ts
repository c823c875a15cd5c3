import { inTransaction } from '../../../src/db/inTransaction';
import {
  centreAvailability,
  insufficientStockMessage,
  issueCentreStock,
  releaseCentreStock,
  reserveCentreStock,
  returnCentreStock,
  StockInvariantError,
} from '../../../src/modules/stockLocations/centreStockMoves';
import { manualClock } from '../../../src/security/clock';
import { createCentre, createUser, DEFAULT_NOW } from '../../support/serviceTestKit';
import { testDatabases, useScratchDatabase } from '../../support/testDatabases';
import { addProduct, figures, lowStockEmails, movementsOf, stockUp, withParallelDatabase } from '../../support/inventoryTestKit';

/**
 * The stock primitives the parts requests call (reserve, release, issue, return, availability), inside
 * transactions as the callers run them, on both databases; rule 2 of the spec (one unit left, many
 * reservations at once) and the low-stock email sent once per crossing under concurrency.
 */
describe.each(testDatabases())('centre stock primitives on $label', (target) => {
  const scratch = useScratchDatabase(target, { seed: true });
  const clock = manualClock(DEFAULT_NOW);
  let centreId = 0;
  let actorId = 0;

  beforeAll(async () => {
    centreId = await createCentre(scratch.db, { bays: 2 });
    actorId = (await createUser(scratch.db, 'staff', 'Trần Nhân Viên Kho')).id;
  });

  const run = <T>(work: Parameters<typeof inTransaction<T>>[1]) => inTransaction(scratch.db, work);

  it('reserves, releases, issues and returns with exact figures and one movement per change of on_hand', async () => {
    const product = await addProduct(scratch.db);
    await stockUp(scratch.db, centreId, product.id, { onHand: 5 });

    expect(await run((trx) => reserveCentreStock(trx, { centreId, productId: product.id, quantity: 3 }, clock))).toEqual({ reserved: true });
    expect(await figures(scratch.db, centreId, product.id)).toEqual({ onHand: 5, reserved: 3, minStock: 0 });
    expect(await run((trx) => reserveCentreStock(trx, { centreId, productId: product.id, quantity: 3 }, clock))).toEqual({
      reserved: false,
      available: 2,
      productName: product.name,
    });
    await run((trx) => releaseCentreStock(trx, { centreId, productId: product.id, quantity: 1 }, clock));
    expect(await figures(scratch.db, centreId, product.id)).toEqual({ onHand: 5, reserved: 2, minStock: 0 });

    await run((trx) => issueCentreStock(trx, { centreId, productId: product.id, quantity: 2, partsRequestId: 9001, actorId }, clock));
    expect(await figures(scratch.db, centreId, product.id)).toEqual({ onHand: 3, reserved: 0, minStock: 0 });
    await run((trx) => returnCentreStock(trx, { centreId, productId: product.id, quantity: 1, partsRequestId: 9001, actorId, reason: 'Lắp không vừa' }, clock));
    expect(await figures(scratch.db, centreId, product.id)).toEqual({ onHand: 4, reserved: 0, minStock: 0 });

    expect(await movementsOf(scratch.db, centreId, product.id)).toEqual([
      { kind: 'ADJUST', quantity: 5, on_hand_after: 5, parts_request_id: null, actor_id: null, reason: 'Tồn đầu kỳ' },
      { kind: 'ISSUE', quantity: -2, on_hand_after: 3, parts_request_id: 9001, actor_id: actorId, reason: null },
      { kind: 'RETURN', quantity: 1, on_hand_after: 4, parts_request_id: 9001, actor_id: actorId, reason: 'Lắp không vừa' },
    ]);
    const issued = await scratch.db.selectFrom('stock_movements').select('created_at').where('kind', '=', 'ISSUE').where('product_id', '=', product.id).executeTakeFirstOrThrow();
    expect(new Date(issued.created_at).toISOString()).toBe(DEFAULT_NOW);
  });

  it('answers a product the centre has never stocked as 0 available, with its name, and reserves nothing', async () => {
    const product = await addProduct(scratch.db, { name: 'Đèn pha LED chưa nhập' });
    const result = await run((trx) => reserveCentreStock(trx, { centreId, productId: product.id, quantity: 1 }, clock));
    expect(result).toEqual({ reserved: false, available: 0, productName: 'Đèn pha LED chưa nhập' });
    expect(result.reserved === false && insufficientStockMessage(result.available, result.productName)).toBe('Không đủ tồn kho: còn 0 Đèn pha LED chưa nhập.');
    expect(await figures(scratch.db, centreId, product.id)).toBeNull();
  });

  it('refuses calls against the contract with StockInvariantError and leaves the figures as they were', async () => {
    const product = await addProduct(scratch.db);
    await stockUp(scratch.db, centreId, product.id, { onHand: 4, reserved: 1 });
    const line = { centreId, productId: product.id };
    await expect(run((trx) => releaseCentreStock(trx, { ...line, quantity: 2 }, clock))).rejects.toBeInstanceOf(StockInvariantError);
    await expect(run((trx) => issueCentreStock(trx, { ...line, quantity: 2, partsRequestId: 1, actorId }, clock))).rejects.toBeInstanceOf(StockInvariantError);
    await expect(run((trx) => reserveCentreStock(trx, { ...line, quantity: 0 }, clock))).rejects.toBeInstanceOf(StockInvariantError);
    await expect(run((trx) => reserveCentreStock(trx, { ...line, quantity: 1.5 }, clock))).rejects.toBeInstanceOf(StockInvariantError);
    const unstocked = await addProduct(scratch.db);
    await expect(
      run((trx) => returnCentreStock(trx, { centreId, productId: unstocked.id, quantity: 1, partsRequestId: 1, actorId, reason: null }, clock)),
    ).rejects.toBeInstanceOf(StockInvariantError);
    expect(await figures(scratch.db, centreId, product.id)).toEqual({ onHand: 4, reserved: 1, minStock: 0 });
    expect(await movementsOf(scratch.db, centreId, product.id)).toHaveLength(1);
  });

  it('reads availability per product at a centre (0/0/0 without a row, another centre apart)', async () => {
    const stocked = await addProduct(scratch.db);
    const unstocked = await addProduct(scratch.db);
    const otherCentre = await createCentre(scratch.db, { bays: 2 });
    await stockUp(scratch.db, centreId, stocked.id, { onHand: 7, reserved: 2 });
    await stockUp(scratch.db, otherCentre, stocked.id, { onHand: 1 });
    const availability = await centreAvailability(scratch.db, centreId, [stocked.id, unstocked.id, stocked.id]);
    expect([...availability.entries()]).toEqual([
      [stocked.id, { onHand: 7, reserved: 2, available: 5 }],
      [unstocked.id, { onHand: 0, reserved: 0, available: 0 }],
    ]);
    expect((await centreAvailability(scratch.db, otherCentre, [stocked.id])).get(stocked.id)).toEqual({ onHand: 1, reserved: 0, available: 1 });
    expect((await centreAvailability(scratch.db, centreId, [])).size).toBe(0);
  });

  it('rule 2: one unit left and 12 reservations of 1 at once → exactly one reserved, reserved ≤ on_hand', async () => {
    const product = await addProduct(scratch.db, { name: 'Pin 12V phụ' });
    await stockUp(scratch.db, centreId, product.id, { onHand: 3, reserved: 2 });
    const results = await withParallelDatabase(scratch, (db) =>
      Promise.all(Array.from({ length: 12 }, () => inTransaction(db, (trx) => reserveCentreStock(trx, { centreId, productId: product.id, quantity: 1 }, clock)))),
    );
    expect(results.filter((result) => result.reserved)).toHaveLength(1);
    expect(results.filter((result) => !result.reserved)).toEqual(Array.from({ length: 11 }, () => ({ reserved: false, available: 0, productName: 'Pin 12V phụ' })));
    expect(await figures(scratch.db, centreId, product.id)).toEqual({ onHand: 3, reserved: 3, minStock: 0 });
  });

  it('rule 2 with more stock: 20 reservations of 2 on 9 available → exactly 4 succeed, 1 unit left', async () => {
    const product = await addProduct(scratch.db);
    await stockUp(scratch.db, centreId, product.id, { onHand: 9 });
    const results = await withParallelDatabase(scratch, (db) =>
      Promise.all(Array.from({ length: 20 }, () => inTransaction(db, (trx) => reserveCentreStock(trx, { centreId, productId: product.id, quantity: 2 }, clock)))),
    );
    expect(results.filter((result) => result.reserved)).toHaveLength(4);
    expect(await figures(scratch.db, centreId, product.id)).toEqual({ onHand: 9, reserved: 8, minStock: 0 });
  });

  it('issue vs release of the same reservation at once: only what was reserved leaves, never below zero', async () => {
    const product = await addProduct(scratch.db);
    await stockUp(scratch.db, centreId, product.id, { onHand: 2, reserved: 1 });
    const outcomes = await withParallelDatabase(scratch, (db) =>
      Promise.allSettled(
        Array.from({ length: 10 }, (_, index) =>
          inTransaction(db, (trx) =>
            index % 2 === 0
              ? issueCentreStock(trx, { centreId, productId: product.id, quantity: 1, partsRequestId: 77, actorId }, clock)
              : releaseCentreStock(trx, { centreId, productId: product.id, quantity: 1 }, clock),
          ),
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const after = (await figures(scratch.db, centreId, product.id))!;
    expect(after.reserved).toBe(0);
    const issues = (await movementsOf(scratch.db, centreId, product.id)).filter((movement) => movement.kind === 'ISSUE');
    expect(after.onHand).toBe(2 - issues.length);
    expect(issues.length).toBeLessThanOrEqual(1);
  });

  describe('low stock', () => {
    let managers: Array<{ id: number; email: string }> = [];
    let lowCentre = 0;

    beforeAll(async () => {
      lowCentre = await createCentre(scratch.db, { bays: 2 });
      const assign = async (userId: number, centre: number, ended: string | null) =>
        scratch.db.insertInto('staff_assignments').values({ user_id: userId, centre_id: centre, assigned_at: '2026-01-01T00:00:00.000Z', ended_at: ended }).execute();
      managers = [await createUser(scratch.db, 'manager', 'Hoàng Quản Lý Kho'), await createUser(scratch.db, 'manager', 'Lê Quản Lý Phó')];
      for (const manager of managers) await assign(manager.id, lowCentre, null);
      const moved = await createUser(scratch.db, 'manager', 'Quản Lý Đã Chuyển');
      await assign(moved.id, lowCentre, '2026-06-01T00:00:00.000Z');
      const disabled = await createUser(scratch.db, 'manager', 'Quản Lý Bị Khóa');
      await assign(disabled.id, lowCentre, null);
      await scratch.db.updateTable('users').set({ disabled_at: '2026-10-01T00:00:00.000Z' }).where('id', '=', disabled.id).execute();
      const staff = await createUser(scratch.db, 'staff', 'Nhân Viên Không Nhận');
      await assign(staff.id, lowCentre, null);
    });

    const openCrossings = async (productId: number) =>
      scratch.db.selectFrom('low_stock_alerts').select(['available_at_crossing', 'min_stock_at_crossing']).where('product_id', '=', productId).where('cleared_at', 'is', null).execute();
    const crossings = async (productId: number) => scratch.db.selectFrom('low_stock_alerts').select('id').where('product_id', '=', productId).execute();
    const emailsAbout = async (name: string) => (await lowStockEmails(scratch.db)).filter((email) => email.subject.includes(name));

    it('emails each active manager of the centre once per crossing, even with 12 reservations and 10 issues at once', async () => {
      const product = await addProduct(scratch.db, { name: 'Má phanh đĩa trước Klara' });
      await stockUp(scratch.db, lowCentre, product.id, { onHand: 14, minStock: 3 });
      const line = { centreId: lowCentre, productId: product.id, quantity: 1 };

      // 12 reservations at once: available 14 → 4 is not low yet; the 11th crosses (available 3 ≤ 3).
      const reservations = await withParallelDatabase(scratch, (db) =>
        Promise.all(Array.from({ length: 12 }, () => inTransaction(db, (trx) => reserveCentreStock(trx, line, clock)))),
      );
      expect(reservations.every((result) => result.reserved)).toBe(true);
      expect(await figures(scratch.db, lowCentre, product.id)).toEqual({ onHand: 14, reserved: 12, minStock: 3 });
      expect(await openCrossings(product.id)).toEqual([{ available_at_crossing: 3, min_stock_at_crossing: 3 }]);

      let emails = await emailsAbout('Má phanh đĩa trước Klara');
      expect(emails.map((email) => email.to_address).sort()).toEqual(managers.map((manager) => manager.email).sort());
      expect(emails[0]!.subject).toMatch(/^Sắp hết hàng: Má phanh đĩa trước Klara tại Chi nhánh thử nghiệm/);
      expect(emails[0]!.text_body).toContain('còn 3, bằng hoặc dưới mức tối thiểu 3');

      // Issuing the reserved units does not change what is available: still the same crossing, no new email.
      await withParallelDatabase(scratch, (db) =>
        Promise.all(Array.from({ length: 10 }, (_, index) => inTransaction(db, (trx) => issueCentreStock(trx, { ...line, partsRequestId: 500 + index, actorId }, clock)))),
      );
      expect(await figures(scratch.db, lowCentre, product.id)).toEqual({ onHand: 4, reserved: 2, minStock: 3 });
      expect(await emailsAbout('Má phanh đĩa trước Klara')).toHaveLength(2);
      expect(await crossings(product.id)).toHaveLength(1);

      // Returned above the minimum: the crossing clears; the next drop is a new crossing with a new email.
      await inTransaction(scratch.db, (trx) => returnCentreStock(trx, { ...line, quantity: 3, partsRequestId: 500, actorId, reason: 'Không dùng đến' }, clock));
      expect(await openCrossings(product.id)).toEqual([]);
      expect(await emailsAbout('Má phanh đĩa trước Klara')).toHaveLength(2);
      await withParallelDatabase(scratch, (db) =>
        Promise.all(Array.from({ length: 10 }, () => inTransaction(db, (trx) => reserveCentreStock(trx, line, clock)))),
      );
      emails = await emailsAbout('Má phanh đĩa trước Klara');
      expect(emails).toHaveLength(4);
      expect(await crossings(product.id)).toHaveLength(2);
      expect(await openCrossings(product.id)).toHaveLength(1);
    });

    it('sends nothing when min stock is 0, and clears on a release above the minimum', async () => {
      const noMinimum = await addProduct(scratch.db, { name: 'Cầu chì không theo dõi' });
      await stockUp(scratch.db, lowCentre, noMinimum.id, { onHand: 1 });
      await inTransaction(scratch.db, (trx) => reserveCentreStock(trx, { centreId: lowCentre, productId: noMinimum.id, quantity: 1 }, clock));
      expect(await crossings(noMinimum.id)).toEqual([]);
      expect(await emailsAbout('Cầu chì không theo dõi')).toEqual([]);

      const tracked = await addProduct(scratch.db, { name: 'Còi điện 12V theo dõi' });
      await stockUp(scratch.db, lowCentre, tracked.id, { onHand: 3, minStock: 1 });
      const line = { centreId: lowCentre, productId: tracked.id, quantity: 2 };
      await inTransaction(scratch.db, (trx) => reserveCentreStock(trx, line, clock));
      expect(await openCrossings(tracked.id)).toHaveLength(1);
      await inTransaction(scratch.db, (trx) => releaseCentreStock(trx, line, clock));
      expect(await openCrossings(tracked.id)).toEqual([]);
      expect(await emailsAbout('Còi điện 12V theo dõi')).toHaveLength(2);
    });
  });
});
