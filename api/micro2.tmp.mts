import BetterSqlite3 from 'better-sqlite3';
import { mkdtempSync } from 'node:fs'; import path from 'node:path'; import { tmpdir } from 'node:os';
for (const mode of ['normal', 'exclusive']) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'm2-')), 'x.sqlite');
  const db = new BetterSqlite3(file); db.pragma('journal_mode = WAL'); db.pragma('synchronous = NORMAL');
  if (mode === 'exclusive') db.pragma('locking_mode = EXCLUSIVE');
  db.exec('create table t (id integer primary key, user_id int, q int, pad text); create index t_u on t(user_id);');
  const ins = db.prepare('insert into t (user_id, q, pad) values (?, ?, ?)');
  for (let i = 0; i < 20000; i++) ins.run(i % 50, i, 'x'.repeat(100));
  const read = db.prepare('select * from t where user_id = ? limit 3');
  const upd = db.prepare('update t set q = q + 1 where id = ?');
  const begin = db.prepare('begin'), commit = db.prepare('commit');
  let tr = 0, tw = 0, tc = 0;
  for (let i = 0; i < 20000; i++) {
    let s = performance.now(); begin.run(); upd.run(i % 20000 + 1); tw += performance.now() - s;
    s = performance.now(); commit.run(); tc += performance.now() - s;
    s = performance.now(); read.all(i % 50); tr += performance.now() - s;
  }
  let t0 = performance.now(); for (let i = 0; i < 20000; i++) read.all(i % 50); const ro = performance.now() - t0;
  console.log(mode, 'begin+update', (tw * 50).toFixed(1), 'µs; commit', (tc * 50).toFixed(1), 'µs; read after write', (tr * 50).toFixed(1), 'µs; read only', (ro * 50).toFixed(1));
}
