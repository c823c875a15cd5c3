import { catalogueChangeListSchema, productCsvImportSchema, productDetailResponseSchema, type ProductCsvImport } from 'shared-contracts/schemas';
import { authHeader } from '../../support/serviceTestKit';
import { testDatabases, useFloor } from '../../support/floorTestKit';
import { parseCsv } from '../../support/reportCsvKit';
import { AppError } from '../../../src/http/appError';
import { decodeCsv, importProductCsv, readProductCsv } from '../../../src/modules/catalogueAdmin/productCsv';

/**
 * Issue 66 §2 in the catalogue CSV: the "Xe tương thích" column holds a product's fitment rows as
 * `slug[:yyyy-yyyy[:POSITION[:qty]]]|…`. The export writes them, the import replaces them (a blank cell clears them,
 * which the dry run says; a file without the column keeps them), a bad cell is refused by row with the column's
 * Vietnamese name, and an apply undone puts back the rows it replaced.
 */

const HEADER = ['Mã SKU', 'Tên sản phẩm', 'Danh mục', 'Thương hiệu', 'Giá bán', 'Thuế GTGT (%)', 'Đơn vị tính', 'Trạng thái', 'Xe tương thích'];
/** The same file without the "Xe tương thích" column. */
const WITHOUT = HEADER.slice(0, -1);

let skuCounter = 0;
const newSku = () => `CSVF-${process.pid}-${(skuCounter += 1)}`;

function csvOf(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => cells.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(',');
  return [line(header), ...rows.map(line)].join('\r\n') + '\r\n';
}

describe.each(testDatabases())('the catalogue CSV’s "Xe tương thích" column on $label', (target) => {
  const floor = useFloor(target);
  let category = '';
  let brand = '';

  beforeAll(async () => {
    category = (await floor.db.selectFrom('catalogue_categories').select('name').orderBy('id').executeTakeFirstOrThrow()).name;
    brand = (await floor.db.selectFrom('catalogue_brands').select('name').orderBy('id').executeTakeFirstOrThrow()).name;
  });

  /** A row of HEADER: a published brake pad at 450.000 ₫ with the fitment cell given. */
  const cells = (sku: string, fitments: string, price = '450000') => [sku, `Má phanh CSV ${sku}`, category, brand, price, '10', 'bộ', 'published', fitments];

  const exportCsv = async () =>
    floor.service.app.inject({ method: 'GET', url: '/api/admin/catalogue/products.csv', headers: await authHeader(floor.app, floor.users.admin) });
  const importCsv = async (body: string | Buffer, mode: 'dry-run' | 'apply') =>
    floor.service.app.inject({
      method: 'POST',
      url: `/api/admin/catalogue/products/import?mode=${mode}`,
      headers: { ...(await authHeader(floor.app, floor.users.admin)), 'content-type': 'text/csv; charset=utf-8' },
      payload: body,
    });
  const run = async (body: string | Buffer, mode: 'dry-run' | 'apply' = 'apply'): Promise<ProductCsvImport> => {
    const response = await importCsv(body, mode);
    expect(response.statusCode).toBe(200);
    return productCsvImportSchema.parse(response.json().data);
  };

  const productOf = (sku: string) => floor.db.selectFrom('products').select(['id', 'slug', 'version', 'models_search', 'vehicle_types']).where('sku', '=', sku).executeTakeFirstOrThrow();
  /** A product's rows as the admin reads them: model slug, years, position, quantity. */
  const rowsOf = async (sku: string) =>
    (
      await floor.db
        .selectFrom('product_fitments as f')
        .innerJoin('products as p', 'p.id', 'f.product_id')
        .innerJoin('vehicle_models as m', 'm.id', 'f.model_id')
        .select(['m.slug', 'f.year_from', 'f.year_to', 'f.position', 'f.quantity_per_vehicle'])
        .where('p.sku', '=', sku)
        .orderBy('m.slug')
        .orderBy('f.position')
        .execute()
    ).map((row) => [row.slug, row.year_from, row.year_to, row.position, Number(row.quantity_per_vehicle)]);
  const cellOf = async (sku: string) => {
    const csv = parseCsv((await exportCsv()).rawPayload);
    const line = csv.rows.find((row) => row[csv.header.indexOf('Mã SKU')] === sku)!;
    return line[csv.header.indexOf('Xe tương thích')];
  };

  it('exports each product’s rows in one cell, and the exported file applied back changes nothing, versions included', async () => {
    const sku = newSku();
    const created = await run(csvOf(HEADER, [cells(sku, 'vinfast-feliz-s:2022-2025:FRONT:2|vinfast-vf-8-plus|vinfast-klara-s:2022-|dat-bike-weaver-200:-2024:REAR')]));
    expect(created).toMatchObject({ toCreate: 1, errors: [], notices: [] });
    expect(await rowsOf(sku)).toEqual([
      ['dat-bike-weaver-200', null, 2024, 'REAR', 1],
      ['vinfast-feliz-s', 2022, 2025, 'FRONT', 2],
      ['vinfast-klara-s', 2022, null, null, 1],
      ['vinfast-vf-8-plus', null, null, null, 1],
    ]);
    // In the product page's order (by label), each row's shortest form.
    expect(await cellOf(sku)).toBe('dat-bike-weaver-200:-2024:REAR|vinfast-feliz-s:2022-2025:FRONT:2|vinfast-klara-s:2022-|vinfast-vf-8-plus');

    // The whole catalogue (the demo parts' rows too) round-trips.
    const products = () => floor.db.selectFrom('products').selectAll().orderBy('id').execute();
    const fitments = () => floor.db.selectFrom('product_fitments').selectAll().orderBy('id').execute();
    const changes = async () => Number((await floor.db.selectFrom('catalogue_changes').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow()).n);
    const before = { products: await products(), fitments: await fitments(), changes: await changes() };
    expect(before.fitments.length).toBeGreaterThan(4);
    const exported = await exportCsv();
    const applied = await run(exported.rawPayload);
    expect(applied).toEqual({ mode: 'apply', rows: before.products.length, toCreate: 0, toUpdate: 0, unchanged: before.products.length, errors: [], notices: [] });
    expect({ products: await products(), fitments: await fitments(), changes: await changes() }).toEqual(before);
  });

  it('applies an edited cell: the rows replaced, a new version with its history line, the shop’s page and search at once', async () => {
    const sku = newSku();
    await run(csvOf(HEADER, [cells(sku, 'vinfast-feliz-s:2022-2025:FRONT:2')]));
    const before = await productOf(sku);

    // Positions by their Vietnamese label too, in any case and without accents; a single year; spaces around parts.
    const edited = csvOf(HEADER, [cells(sku, ' vinfast-feliz-s : 2023- : Sau | VINFAST-VF-3:2024:truoc:4 ')]);
    expect(await run(edited, 'dry-run')).toMatchObject({ toUpdate: 1, unchanged: 0, errors: [], notices: [] });
    expect(await rowsOf(sku)).toEqual([['vinfast-feliz-s', 2022, 2025, 'FRONT', 2]]);
    expect(await run(edited)).toMatchObject({ toUpdate: 1, errors: [] });

    expect(await rowsOf(sku)).toEqual([
      ['vinfast-feliz-s', 2023, null, 'REAR', 1],
      ['vinfast-vf-3', 2024, 2024, 'FRONT', 4],
    ]);
    const after = await productOf(sku);
    expect(Number(after.version)).toBe(Number(before.version) + 1);
    expect(after.models_search).toContain('vinfast vf 3');
    expect(JSON.parse(after.vehicle_types)).toEqual(expect.arrayContaining(['scooter', 'car']));
    const history = catalogueChangeListSchema.parse((await floor.request(floor.users.admin, 'GET', `/api/admin/catalogue/products/${after.id}/history`)).json().data);
    expect(history.find((change) => change.field === 'fitments')).toMatchObject({
      version: Number(after.version),
      before: ['VinFast Feliz S (2022–2025, Trước, 2 chiếc/xe)'],
      after: ['VinFast Feliz S (từ 2023, Sau)', 'VinFast VF 3 (2024, Trước, 4 chiếc/xe)'],
      actor: { id: floor.users.admin.id },
    });
    const page = productDetailResponseSchema.parse((await floor.request(null, 'GET', `/api/products/${after.slug}`)).json()).data;
    expect((page.fitments ?? []).map((row) => [row.modelLabel, row.yearFrom, row.yearTo, row.positionLabel, row.quantityPerVehicle])).toEqual([
      ['VinFast Feliz S', 2023, null, 'Sau', 1],
      ['VinFast VF 3', 2024, 2024, 'Trước', 4],
    ]);
    expect(await cellOf(sku)).toBe('vinfast-feliz-s:2023-:REAR|vinfast-vf-3:2024-2024:FRONT:4');
  });

  it('refuses a bad cell by its row, the column’s Vietnamese name and why, and applies nothing of the file', async () => {
    const kept = newSku();
    await run(csvOf(HEADER, [cells(kept, 'vinfast-klara-s')]));
    const version = Number((await productOf(kept)).version);
    await floor.db.insertInto('vehicle_models').values({ slug: 'csv-test-retired', brand: 'Thử CSV', model: `Ngừng ${process.pid}`, type: 'scooter', year_from: 2015, year_to: 2018, battery_capacity_wh: null, battery_chemistry: null, is_active: 0 }).execute();
    const file = csvOf(HEADER, [
      cells(kept, 'vinfast-feliz-s'),
      cells(newSku(), 'vinfast-khong-co'),
      cells(newSku(), 'vinfast-feliz-s:2025-2022'),
      cells(newSku(), 'vinfast-feliz-s:20x2'),
      cells(newSku(), 'vinfast-feliz-s:2022-:FRONT|vinfast-feliz-s:2023-:trước'),
      cells(newSku(), 'vinfast-feliz-s:2022-:GIUA'),
      cells(newSku(), 'vinfast-feliz-s:::0'),
      cells(newSku(), Array.from({ length: 201 }, () => 'vinfast-vf-3').join('|')),
      cells(newSku(), 'csv-test-retired'),
    ]);
    const column = { field: 'fitments', column: 'Xe tương thích' };
    const dryRun = await run(file, 'dry-run');
    expect(dryRun.errors).toEqual([
      { row: 3, ...column, message: 'Xe tương thích "vinfast-khong-co": Không có dòng xe mã "vinfast-khong-co".' },
      { row: 4, ...column, message: 'Xe tương thích "vinfast-feliz-s:2025-2022": Từ năm phải nhỏ hơn hoặc bằng đến năm.' },
      { row: 5, ...column, message: 'Xe tương thích "vinfast-feliz-s:20x2": Năm viết dạng 2022-2025, 2022- (đến nay), -2025 hoặc 2023.' },
      { row: 6, ...column, message: 'Xe tương thích "vinfast-feliz-s:2023-:trước": Mỗi dòng xe chỉ có một dòng cho mỗi vị trí lắp.' },
      { row: 7, ...column, message: 'Xe tương thích "vinfast-feliz-s:2022-:GIUA": Vị trí lắp "GIUA" không hợp lệ: Trước, Sau, Trái hoặc Phải (FRONT, REAR, LEFT, RIGHT).' },
      { row: 8, ...column, message: 'Xe tương thích "vinfast-feliz-s:::0": Số lượng mỗi xe phải từ 1 đến 99.' },
      { row: 9, ...column, message: 'Xe tương thích: tối đa 200 xe cho một sản phẩm (ô có 201).' },
      { row: 10, ...column, message: 'Xe tương thích "csv-test-retired": Dòng xe này đã ngừng dùng: vui lòng chọn dòng xe khác.' },
    ]);
    expect(dryRun).toMatchObject({ toUpdate: 1, toCreate: 0 });

    const applied = await importCsv(file, 'apply');
    expect(applied.statusCode).toBe(422);
    expect((applied.json().data as ProductCsvImport).errors).toEqual(dryRun.errors);
    expect(await rowsOf(kept)).toEqual([['vinfast-klara-s', null, null, null, 1]]);
    expect(Number((await productOf(kept)).version)).toBe(version);

    // A deactivated model a product already names stays on it through the file (as in the editor).
    const retired = await floor.db.selectFrom('vehicle_models').select('id').where('slug', '=', 'csv-test-retired').executeTakeFirstOrThrow();
    await floor.db.insertInto('product_fitments').values({ product_id: (await productOf(kept)).id, model_id: retired.id, year_from: null, year_to: null, position: null }).execute();
    expect(await run(csvOf(HEADER, [cells(kept, 'csv-test-retired:2016-|vinfast-klara-s')]))).toMatchObject({ toUpdate: 1, errors: [] });
    expect(await rowsOf(kept)).toEqual([
      ['csv-test-retired', 2016, null, null, 1],
      ['vinfast-klara-s', null, null, null, 1],
    ]);
  });

  it('keeps the rows when the file has no "Xe tương thích" column; an empty cell clears them, which the dry run says first', async () => {
    const sku = newSku();
    await run(csvOf(HEADER, [cells(sku, 'vinfast-feliz-s:2022-|vinfast-evo200')]));
    const rows = await rowsOf(sku);
    expect(rows).toHaveLength(2);

    expect(await run(csvOf(WITHOUT, [cells(sku, '', '430000').slice(0, -1)]))).toMatchObject({ toUpdate: 1, errors: [], notices: [] });
    expect(await rowsOf(sku)).toEqual(rows);

    const emptied = csvOf(HEADER, [cells(sku, '', '430000')]);
    const dryRun = await run(emptied, 'dry-run');
    expect(dryRun).toMatchObject({ toUpdate: 1, errors: [] });
    expect(dryRun.notices).toEqual([{ row: 2, field: 'fitments', column: 'Xe tương thích', message: 'Ô "Xe tương thích" để trống: 2 xe tương thích của sản phẩm sẽ bị xoá.' }]);
    expect(await rowsOf(sku)).toEqual(rows);
    const applied = await run(emptied);
    expect(applied.notices.map((notice) => notice.message)).toEqual(['Ô "Xe tương thích" để trống: 2 xe tương thích của sản phẩm đã được xoá.']);
    expect(await rowsOf(sku)).toEqual([]);
    // Nothing to clear any more: the same file is unchanged, and says nothing.
    expect(await run(emptied, 'dry-run')).toMatchObject({ toUpdate: 0, unchanged: 1, notices: [] });
  });

  it('puts back the rows it replaced when a later chunk meets a save meanwhile', async () => {
    const skus = [newSku(), newSku(), newSku()];
    await run(csvOf(HEADER, [cells(skus[0]!, 'vinfast-feliz-s:2022-2025:FRONT:2'), cells(skus[1]!, 'vinfast-klara-s|vinfast-vf-3:2024-'), cells(skus[2]!, 'vinfast-vf-5')]));
    const stateOf = async () => Promise.all(skus.map(async (sku) => ({ rows: await rowsOf(sku), version: Number((await productOf(sku)).version) })));
    const before = await stateOf();
    const historyOf = async () => (await floor.db.selectFrom('catalogue_changes').select('id').where('field', '=', 'fitments').execute()).length;
    const historyBefore = await historyOf();

    // Chunks of one: the first two replace their rows (one of them clears them), the third meets another admin's save.
    const file = await readProductCsv(decodeCsv(Buffer.from(csvOf(HEADER, [cells(skus[0]!, 'vinfast-evo200:-2023'), cells(skus[1]!, ''), cells(skus[2]!, 'vinfast-vf-6')]))));
    const error = await importProductCsv(floor.db, file, 'apply', floor.users.admin.id, {
      chunkRows: 1,
      afterChunk: async (written) => {
        if (written === 2) {
          expect((await rowsOf(skus[1]!)).length).toBe(0);
          await floor.db.updateTable('products').set((eb) => ({ version: eb('version', '+', 1) })).where('sku', '=', skus[2]!).execute();
        }
      },
    }).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 409, code: 'STALE_VERSION' });

    const after = await stateOf();
    expect(after.slice(0, 2)).toEqual(before.slice(0, 2));
    expect(after[2]).toEqual({ rows: before[2]!.rows, version: before[2]!.version + 1 });
    expect(await historyOf()).toBe(historyBefore);
  });
});
