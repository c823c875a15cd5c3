import Database from 'better-sqlite3';
import { withStablePlanParameters } from '../../src/db/sqliteStablePlans';

describe('withStablePlanParameters', () => {
  it('writes equality parameters as +?, leaves ranges, lists, other parameters, quoted text, identifiers and comments alone', () => {
    expect(withStablePlanParameters('select "a=?" from t where x = ? and y in (?, ?) and z>=? and w<=? and v != ? and u==? limit ?')).toBe(
      'select "a=?" from t where x = +? and y in (?, ?) and z>=? and w<=? and v != ? and u==+? limit ?',
    );
    expect(withStablePlanParameters("select 'it''s = ?' as q, `b=?`, [c=?] from t where z =\n ? -- why = ?\n and w=? /* = ? */")).toBe(
      "select 'it''s = ?' as q, `b=?`, [c=?] from t where z =\n +? -- why = ?\n and w=+? /* = ? */",
    );
    expect(withStablePlanParameters('update t set a = ?, b = b + ? where id = ? returning id')).toBe('update t set a = +?, b = b + ? where id = +? returning id');
  });

  describe('answers exactly as the bare parameters do', () => {
    const db = new Database(':memory:');
    db.exec(`
      create table plate (id integer primary key, owner_id integer not null, code text not null collate nocase, price integer, note text, photo blob);
      create table owner (id integer primary key, name text not null);
      create index plate_owner on plate (owner_id);
      insert into owner values (1, 'Nguyễn Văn An'), (2, 'Trần Thị Bình');
      insert into plate values (1, 1, '30A-123.45', 1500000, null, x'0102'), (2, 2, '51F-678.90', 990000, 'ghi chú', null), (3, 1, '29B1-111.11', 0, '', x'');
    `);
    const cases: Array<[string, unknown[]]> = [
      // A join by id (the read that was prepared again at every run), by an indexed column, and a left join.
      ['select plate.*, owner.name from plate join owner on owner.id = plate.owner_id where plate.id = ?', [2]],
      ['select plate.id, owner.name from owner join plate on plate.owner_id = owner.id where owner.id = ? order by plate.id', [1]],
      ['select plate.id, owner.name from plate left join owner on owner.id = plate.owner_id and owner.name = ? where plate.id >= ? order by plate.id', ['Nguyễn Văn An', 1]],
      ['update plate set note = ? where id = ? returning id, note', ['mới', 3]],
      // Affinity: an integer column against text, a text column against a number; the column's NOCASE collation.
      ['select id from plate where price = ?', ['990000']],
      ['select id from plate where code = ?', ['30a-123.45']],
      ['select id from plate where owner_id = ? and code like ?', ['1', '%111%']],
      // NULL, an empty string, a blob, a value read back, limit and offset, arithmetic.
      ['select id from plate where note is ? or note = ?', [null, '']],
      ['select id from plate where photo = ?', [Buffer.from([1, 2])]],
      ['select ? as echoed, ? + 1 as next, -? as negated', ['văn bản', 41, 5]],
      ['select id from plate order by id limit ? offset ?', [2, 1]],
    ];
    it.each(cases)('%s', (sql, values) => {
      expect(db.prepare(withStablePlanParameters(sql)).all(...values)).toEqual(db.prepare(sql).all(...values));
    });

    it('uses the same indexes', () => {
      const plan = (sql: string, values: unknown[]) => db.prepare(`explain query plan ${sql}`).all(...values).map((row) => (row as { detail: string }).detail);
      for (const [sql, values] of cases.slice(0, 3)) expect(plan(withStablePlanParameters(sql), values)).toEqual(plan(sql, values));
    });
  });
});
