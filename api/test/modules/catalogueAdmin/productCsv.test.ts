import { catalogueChangeListSchema, productCsvImportSchema, type ProductCsvImport } from 'shared-contracts/schemas';
import type { TestUser } from '../../support/serviceTestKit';
import { authHeader } from '../../support/serviceTestKit';
import { testDatabases, useFloor } from '../../support/floorTestKit';
import { parseCsv } from '../../support/reportCsvKit';
import { AppError } from '../../../src/http/appError';
import { decodeCsv, importProductCsv, readProductCsv } from '../../../src/modules/catalogueAdmin/productCsv';

type Who = 'anonymous' | 'customer' | 'staff' | 'technician' | 'manager' | 'admin';

const HEADER = ['sku', 'name', 'category', 'brand', 'price', 'compareAtPrice', 'vatRate', 'unit', 'weightGrams', 'status', 'compatibleModels', 'description'];

let skuCounter = 0;
const newSku = () => `CSV-${process.pid}-${(skuCounter += 1)}`;

/** A CSV as a spreadsheet saves it: every cell quoted, CRLF. */
function csvOf(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => cells.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(',');
  return [line(header), ...rows.map(line)].join('\r\n') + '\r\n';
}

describe.each(testDatabases())('the product CSV export and import on $label', (target) => {
  const floor = useFloor(target);
  const who = (name: Who): TestUser | null => (name === 'anonymous' ? null : floor.users[name]);
  let category = '';
  let brand = '';

  beforeAll(async () => {
    category = (await floor.db.selectFrom('catalogue_categories').select('name').orderBy('id').executeTakeFirstOrThrow()).name;
    brand = (await floor.db.selectFrom('catalogue_brands').select('name').orderBy('id').executeTakeFirstOrThrow()).name;
  });

  const row = (overrides: Partial<Record<string, string>> = {}): string[] => {
    const values: Record<string, string> = {
      sku: newSku(),
      name: 'Cáp sạc Thử Nghiệm CSV',
      category,
      brand,
      price: '450000',
      compareAtPrice: '500000',
      vatRate: '10',
      unit: 'cái',
      weightGrams: '800',
      status: '',
      compatibleModels: 'VinFast VF 3|VinFast VF 5',
      description: 'Cáp **dài 5 m**.',
      ...overrides,
    };
    return HEADER.map((column) => values[column] ?? '');
  };

  async function exportCsv(user: TestUser | null = floor.users.admin) {
    return floor.service.app.inject({ method: 'GET', url: '/api/admin/catalogue/products.csv', headers: user ? await authHeader(floor.app, user) : {} });
  }

  async function importCsv(body: string | Buffer, mode: 'dry-run' | 'apply', user: TestUser | null = floor.users.admin) {
    return floor.service.app.inject({
      method: 'POST',
      url: `/api/admin/catalogue/products/import?mode=${mode}`,
      headers: { ...(user ? await authHeader(floor.app, user) : {}), 'content-type': 'text/csv; charset=utf-8' },
      payload: body,
    });
  }

  const productCount = async () => Number((await floor.db.selectFrom('products').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow()).n);

  it.each<[Who, number, number]>([
    ['anonymous', 401, 401],
    ['customer', 403, 403],
    ['staff', 403, 403],
    ['technician', 403, 403],
    ['manager', 200, 403],
    ['admin', 200, 200],
  ])('lets %s export (%i) and import (%i)', async (name, exportStatus, importStatus) => {
    const exported = await exportCsv(who(name));
    expect(exported.statusCode).toBe(exportStatus);
    const imported = await importCsv(csvOf(HEADER, [row()]), 'dry-run', who(name));
    expect(imported.statusCode).toBe(importStatus);
    if (importStatus >= 400) expect(imported.json().message).toMatch(/[ạ-ỹđĐ]/);
  });

  it('exports every product as UTF-8 with a BOM, formula cells guarded, and the same file imports back unchanged', async () => {
    const formula = csvOf(HEADER, [row({ description: '=HYPERLINK("http://evil.example","bấm")' })]);
    expect((await importCsv(formula, 'apply')).statusCode).toBe(200);
    const exported = await exportCsv();
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toMatch(/^text\/csv/);
    const csv = parseCsv(exported.rawPayload);
    expect(csv.bom).toBe(true);
    expect(csv.header).toEqual(expect.arrayContaining(['Mã SKU', 'Tên sản phẩm', 'Giá bán', 'Thuế GTGT (%)', 'Mô tả']));
    expect(csv.rows).toHaveLength(await productCount());
    const description = csv.header.indexOf('Mô tả');
    expect(csv.rows.map((cells) => cells[description])).toContain(`'=HYPERLINK("http://evil.example","bấm")`);

    const again = await importCsv(exported.rawPayload, 'dry-run');
    expect(again.statusCode).toBe(200);
    const result = productCsvImportSchema.parse(again.json().data);
    expect(result).toEqual({ mode: 'dry-run', rows: csv.rows.length, toCreate: 0, toUpdate: 0, unchanged: csv.rows.length, errors: [], notices: [] });
  });

  it('lists a bad row by its number and a Vietnamese reason naming the field, and applies nothing of the file', async () => {
    const before = await productCount();
    const good = row();
    const file = csvOf(HEADER, [good, row(), row({ price: '0' }), row({ category: 'Danh mục không có' })]);
    const dryRun = await importCsv(file, 'dry-run');
    expect(dryRun.statusCode).toBe(200);
    const result = productCsvImportSchema.parse(dryRun.json().data);
    expect(result).toMatchObject({ rows: 4, toCreate: 2, toUpdate: 0, unchanged: 0 });
    expect(result.errors).toEqual([
      { row: 4, field: 'price', column: 'Giá bán', message: expect.stringMatching(/^Giá bán phải là/) },
      { row: 5, field: 'category', column: 'Danh mục', message: 'Danh mục "Danh mục không có" không tồn tại.' },
    ]);

    const applied = await importCsv(file, 'apply');
    expect(applied.statusCode).toBe(422);
    expect(applied.json().message).toMatch(/không hợp lệ; chưa có gì được lưu/);
    expect((applied.json().data as ProductCsvImport).errors).toEqual(result.errors);
    expect(await productCount()).toBe(before);
    expect(await floor.db.selectFrom('products').select('id').where('sku', '=', good[0]!).executeTakeFirst()).toBeUndefined();
  });

  it('refuses a SKU twice in the file, naming both rows', async () => {
    const sku = newSku();
    const response = await importCsv(csvOf(HEADER, [row({ sku }), row(), row({ sku, name: 'Bản thứ hai' })]), 'dry-run');
    const result = productCsvImportSchema.parse(response.json().data);
    expect(result.errors).toEqual([{ row: 4, field: 'sku', column: 'Mã SKU', message: `Mã SKU "${sku}" xuất hiện ở cả dòng 2 và dòng 4.` }]);
  });

  it('applies valid rows in one go: new products as drafts, updates with a new version and their history', async () => {
    const first = row({ status: 'published' });
    expect((await importCsv(csvOf(HEADER, [first]), 'apply')).statusCode).toBe(200);
    const existing = await floor.db.selectFrom('products').select(['id', 'version', 'status', 'is_active']).where('sku', '=', first[0]!).executeTakeFirstOrThrow();
    expect({ status: existing.status, active: Number(existing.is_active) }).toEqual({ status: 'published', active: 1 });

    const fresh = row({ category: category.toUpperCase(), name: 'Bộ lọc gió CSV' });
    // The same product at a new price (category by its folded name), one new product, and one unchanged.
    const unchanged = row({ status: 'published' });
    expect((await importCsv(csvOf(HEADER, [unchanged]), 'apply')).statusCode).toBe(200);
    const cheaper = first.map((cell, index) => (HEADER[index] === 'price' ? '430000' : cell));
    const file = csvOf(HEADER, [cheaper, fresh, unchanged]);
    const response = await importCsv(file, 'apply');
    expect(response.statusCode).toBe(200);
    expect(productCsvImportSchema.parse(response.json().data)).toEqual({ mode: 'apply', rows: 3, toCreate: 1, toUpdate: 1, unchanged: 1, errors: [], notices: [] });

    const updated = await floor.db.selectFrom('products').select(['version', 'price']).where('id', '=', existing.id).executeTakeFirstOrThrow();
    expect({ version: Number(updated.version), price: Number(updated.price) }).toEqual({ version: Number(existing.version) + 1, price: 430_000 });
    const history = catalogueChangeListSchema.parse((await floor.request(floor.users.admin, 'GET', `/api/admin/catalogue/products/${existing.id}/history?field=price`)).json().data);
    expect(history[0]).toMatchObject({ before: 450_000, after: 430_000, actor: { id: floor.users.admin.id } });

    const created = await floor.db.selectFrom('products').select(['id', 'status', 'is_active', 'slug']).where('sku', '=', fresh[0]!).executeTakeFirstOrThrow();
    expect({ status: created.status, active: Number(created.is_active), slug: created.slug }).toEqual({ status: 'draft', active: 0, slug: 'bo-loc-gio-csv' });
    const createdHistory = catalogueChangeListSchema.parse((await floor.request(floor.users.admin, 'GET', `/api/admin/catalogue/products/${created.id}/history`)).json().data);
    expect(createdHistory.map((change) => change.field)).toEqual(expect.arrayContaining(['name', 'sku', 'price', 'status']));
  });

  describe('the parcel’s size columns "Dài (cm)", "Rộng (cm)", "Cao (cm)"', () => {
    const SIZED = ['Mã SKU', 'Tên sản phẩm', 'Danh mục', 'Thương hiệu', 'Giá bán', 'Thuế GTGT (%)', 'Đơn vị tính', 'Dài (cm)', 'Rộng (cm)', 'Cao (cm)'];
    const sizedRow = (sku: string, [length, width, height]: string[], price = '450000') => [sku, `Hộp pin CSV ${sku}`, category, brand, price, '10', 'cái', length!, width!, height!];
    const sizesOf = (sku: string) => floor.db.selectFrom('products').select(['length_cm', 'width_cm', 'height_cm']).where('sku', '=', sku).executeTakeFirstOrThrow();
    const apply = async (file: string | Buffer) => {
      const response = await importCsv(file, 'apply');
      expect(response.statusCode).toBe(200);
      return productCsvImportSchema.parse(response.json().data);
    };

    it('exports each product’s sizes; the same file applied changes nothing; a changed size cell changes that size only, in the history', async () => {
      const sku = newSku();
      await apply(csvOf(SIZED, [sizedRow(sku, ['44', '33', '22'])]));
      expect(await sizesOf(sku)).toEqual({ length_cm: 44, width_cm: 33, height_cm: 22 });

      const exported = await exportCsv();
      const csv = parseCsv(exported.rawPayload);
      const at = (header: string) => csv.header.indexOf(header);
      const line = csv.rows.find((cells) => cells[at('Mã SKU')] === sku)!;
      expect([line[at('Khối lượng (gram)')], line[at('Dài (cm)')], line[at('Rộng (cm)')], line[at('Cao (cm)')]]).toEqual(['1000', '44', '33', '22']);

      const version = async () => Number((await floor.db.selectFrom('products').select('version').where('sku', '=', sku).executeTakeFirstOrThrow()).version);
      const versionBefore = await version();
      expect(await apply(exported.rawPayload)).toMatchObject({ toCreate: 0, toUpdate: 0, unchanged: csv.rows.length, errors: [] });
      expect(await sizesOf(sku)).toEqual({ length_cm: 44, width_cm: 33, height_cm: 22 });
      expect(await version()).toBe(versionBefore);

      const longer = line.map((cell, index) => (index === at('Dài (cm)') ? '60' : cell));
      expect(await apply(csvOf(csv.header, [longer]))).toMatchObject({ toUpdate: 1, unchanged: 0, errors: [] });
      expect(await sizesOf(sku)).toEqual({ length_cm: 60, width_cm: 33, height_cm: 22 });
      const id = (await floor.db.selectFrom('products').select('id').where('sku', '=', sku).executeTakeFirstOrThrow()).id;
      const history = catalogueChangeListSchema.parse((await floor.request(floor.users.admin, 'GET', `/api/admin/catalogue/products/${id}/history`)).json().data);
      expect(history.filter((change) => change.version === versionBefore + 1).map((change) => [change.field, change.before, change.after])).toEqual([['lengthCm', 44, 60]]);
    });

    it('keeps the stored sizes when the file has no size columns or a blank size cell; a new product without them gets the default parcel', async () => {
      const sku = newSku();
      await apply(csvOf(SIZED, [sizedRow(sku, ['44', '33', '22'])]));
      const noSizes = SIZED.slice(0, 7);
      expect(await apply(csvOf(noSizes, [sizedRow(sku, [], '430000').slice(0, 7)]))).toMatchObject({ toUpdate: 1, errors: [] });
      expect(await sizesOf(sku)).toEqual({ length_cm: 44, width_cm: 33, height_cm: 22 });
      expect(await apply(csvOf(SIZED, [sizedRow(sku, ['', '35', ''], '430000')]))).toMatchObject({ toUpdate: 1, errors: [] });
      expect(await sizesOf(sku)).toEqual({ length_cm: 44, width_cm: 35, height_cm: 22 });

      const fresh = newSku();
      await apply(csvOf(noSizes, [sizedRow(fresh, []).slice(0, 7)]));
      expect(await sizesOf(fresh)).toEqual({ length_cm: 30, width_cm: 20, height_cm: 15 });
    });

    it('lists a bad size by its row, its Vietnamese column and message, and applies nothing', async () => {
      const good = newSku();
      const bad = newSku();
      const file = csvOf(SIZED, [sizedRow(good, ['40', '30', '20']), sizedRow(bad, ['0', '201', 'mười'])]);
      const dryRun = productCsvImportSchema.parse((await importCsv(file, 'dry-run')).json().data);
      expect(dryRun.errors).toEqual([
        { row: 3, field: 'lengthCm', column: 'Dài (cm)', message: 'Chiều dài phải từ 1 đến 200 cm.' },
        { row: 3, field: 'widthCm', column: 'Rộng (cm)', message: 'Chiều rộng phải từ 1 đến 200 cm.' },
        { row: 3, field: 'heightCm', column: 'Cao (cm)', message: 'Chiều cao phải từ 1 đến 200 cm.' },
      ]);
      expect((await importCsv(file, 'apply')).statusCode).toBe(422);
      expect(await floor.db.selectFrom('products').select('id').where('sku', 'in', [good, bad]).execute()).toEqual([]);
    });
  });

  it('has the public list rows of an applied file written before any shopper asks for the list', async () => {
    const published = [row({ status: 'published', price: '1717000', compareAtPrice: '' }), row({ status: 'published', price: '1717000', compareAtPrice: '' })];
    expect((await importCsv(csvOf(HEADER, published), 'apply')).statusCode).toBe(200);
    const pending = async () => (await floor.db.selectFrom('product_list_pending').select('product_id').execute()).length;
    const startedAt = Date.now();
    while ((await pending()) > 0 && Date.now() - startedAt < 5_000) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await pending()).toBe(0);
    const listed = await floor.db
      .selectFrom('product_list_items')
      .innerJoin('products', 'products.id', 'product_list_items.product_id')
      .select(['products.sku', 'product_list_items.price'])
      .where('products.sku', 'in', published.map((cells) => cells[0]!))
      .execute();
    expect(listed.map((item) => Number(item.price))).toEqual([1_717_000, 1_717_000]);
  });

  it('takes back the chunks it wrote when a later one meets a save meanwhile: nothing of the file is kept', async () => {
    const originals = [row({ status: 'published', name: 'Cáp hoàn tác một' }), row({ status: 'published', name: 'Cáp hoàn tác hai' }), row({ status: 'published', name: 'Cáp hoàn tác ba' })];
    expect((await importCsv(csvOf(HEADER, originals), 'apply')).statusCode).toBe(200);
    const skus = originals.map((cells) => cells[0]!);
    const stateOf = async () =>
      floor.db.selectFrom('products').select(['sku', 'price', 'version', 'slug', 'name']).where('sku', 'in', skus).orderBy('sku').execute();
    const before = await stateOf();
    const ids = (await floor.db.selectFrom('products').select('id').where('sku', 'in', skus).execute()).map((product) => product.id);
    const historyBefore = await floor.db.selectFrom('catalogue_changes').select('id').where('entity', '=', 'product').where('entity_id', 'in', ids).execute();
    const cheaper = (cells: string[], extra: Partial<Record<string, string>> = {}) =>
      cells.map((cell, index) => (HEADER[index] === 'price' ? '420000' : (extra[HEADER[index]!] ?? cell)));
    const freshOne = row({ name: 'Sản phẩm mới hoàn tác một' });
    const freshTwo = row({ name: 'Sản phẩm mới hoàn tác hai' });
    // Chunks of two: [update one, new one], [update two renamed, new two], [update three].
    const file = await readProductCsv(
      decodeCsv(Buffer.from(csvOf(HEADER, [cheaper(originals[0]!), freshOne, cheaper(originals[1]!, { name: 'Cáp hoàn tác hai đổi tên' }), freshTwo, cheaper(originals[2]!)]))),
    );
    let undone = 0;
    const attempt = importProductCsv(floor.db, file, 'apply', floor.users.admin.id, {
      chunkRows: 2,
      // Another admin saves product three after the first chunk is written.
      afterChunk: async (written) => {
        if (written === 1) await floor.db.updateTable('products').set((eb) => ({ version: eb('version', '+', 1), price: 480_000 })).where('sku', '=', skus[2]!).execute();
      },
      undone: async () => {
        undone += 1;
      },
    });
    const error = await attempt.then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 409, code: 'STALE_VERSION' });
    expect((error as AppError).message).toContain('(dòng 6)');
    expect(undone).toBe(1);

    const after = await stateOf();
    // One and two are as they were (price, version, slug, name); three keeps the other admin's save.
    expect(after.filter((product) => product.sku !== skus[2])).toEqual(before.filter((product) => product.sku !== skus[2]));
    expect(after.find((product) => product.sku === skus[2])).toMatchObject({ price: 480_000 });
    expect(await floor.db.selectFrom('products').select('id').where('sku', 'in', [freshOne[0]!, freshTwo[0]!]).execute()).toEqual([]);
    const historyAfter = await floor.db.selectFrom('catalogue_changes').select('id').where('entity', '=', 'product').where('entity_id', 'in', ids).execute();
    expect(historyAfter).toHaveLength(historyBefore.length);
    const renamedSlug = before.find((product) => product.sku === skus[1])!.slug;
    expect(await floor.db.selectFrom('product_slug_redirects').select('slug').where('slug', '=', renamedSlug).execute()).toEqual([]);
    const detail = await floor.service.app.inject({ method: 'GET', url: `/api/products/${renamedSlug}` });
    expect(detail.statusCode).toBe(200);
  });

  it('lets two admins importing the same new SKU at once create it once, with one history', async () => {
    const file = csvOf(HEADER, [row()]);
    const sku = file.split('\r\n')[1]!.split(',')[0]!.replaceAll('"', '');
    const answers = await Promise.all([importCsv(file, 'apply'), importCsv(file, 'apply')]);
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses).toContain(200);
    for (const answer of answers) expect([200, 409]).toContain(answer.statusCode);
    const products = await floor.db.selectFrom('products').select('id').where('sku', '=', sku).execute();
    expect(products).toHaveLength(1);
    const created = await floor.db.selectFrom('catalogue_changes').select('id').where('entity_id', '=', products[0]!.id).where('field', '=', 'sku').execute();
    expect(created).toHaveLength(1);
  });

  it('refuses a file over 5,000 rows or over 5 MB with a Vietnamese 413 before any work, nothing saved', async () => {
    const before = await productCount();
    const tooMany = csvOf(HEADER, Array.from({ length: 5_001 }, () => row()));
    const rows = await importCsv(tooMany, 'apply');
    expect(rows.statusCode).toBe(413);
    expect(rows.json().message).toBe('Tệp CSV có nhiều hơn 5.000 dòng sản phẩm. Vui lòng chia thành nhiều tệp.');

    const huge = csvOf(HEADER, [row({ description: 'x'.repeat(5 * 1024 * 1024) })]);
    const bytes = await importCsv(huge, 'dry-run');
    expect(bytes.statusCode).toBe(413);
    expect(bytes.json().message).toBe('Tệp CSV không được lớn hơn 5 MB.');
    expect(await productCount()).toBe(before);
  });
});
