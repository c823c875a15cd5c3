import { productCsvImportSchema } from 'shared-contracts/schemas';
import { authHeader } from '../../support/serviceTestKit';
import { productionDatabase, useFloor } from '../../support/floorTestKit';
import { parseCsv } from '../../support/reportCsvKit';
import { csvDelimiterOf } from '../../../src/modules/catalogueAdmin/productCsv';
import { PRODUCT_CSV_COLUMNS, PRODUCT_CSV_HEADERS, productCsvColumnOf } from '../../../src/modules/catalogueAdmin/productCsvColumns';

/**
 * The product CSV speaks the owner's language: the export's header row is Vietnamese, the import reads those
 * headers (and the English keys of older files) whatever their case, accents or spacing, and names a column in
 * its errors as the file's Vietnamese header does.
 */

const VIETNAMESE_HEADER = [
  'Mã SKU',
  'Tên sản phẩm',
  'Danh mục',
  'Thương hiệu',
  'Giá bán',
  'Giá so sánh',
  'Giá khuyến mãi',
  'Bắt đầu khuyến mãi',
  'Kết thúc khuyến mãi',
  'Thuế GTGT (%)',
  'Đơn vị tính',
  'Khối lượng (gram)',
  'Dài (cm)',
  'Rộng (cm)',
  'Cao (cm)',
  'Bảo hành (tháng)',
  'Trạng thái',
  'Dòng xe tương thích',
  'Xe tương thích',
  'Mô tả',
];

let skuCounter = 0;
const newSku = () => `CSVH-${process.pid}-${(skuCounter += 1)}`;

function csvOf(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => cells.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(',');
  return [line(header), ...rows.map(line)].join('\r\n') + '\r\n';
}

describe('the product CSV headers', () => {
  it('has one Vietnamese header per column, and matches either name ignoring case, accents and spaces', () => {
    expect(PRODUCT_CSV_COLUMNS.map((column) => PRODUCT_CSV_HEADERS[column])).toEqual(VIETNAMESE_HEADER);
    expect(['Giá bán', 'GIA BAN', ' giá  bán ', 'price', 'PRICE'].map(productCsvColumnOf)).toEqual(['price', 'price', 'price', 'price', 'price']);
    expect(['Thuế GTGT (%)', 'thue gtgt', 'vatRate', 'vat rate', 'VATRATE'].map(productCsvColumnOf)).toEqual(['vatRate', 'vatRate', 'vatRate', 'vatRate', 'vatRate']);
    expect(['Mã SKU', 'ma sku', 'sku', 'Khối lượng (gram)', 'weightGrams', 'Dòng xe tương thích', 'compatibleModels'].map(productCsvColumnOf)).toEqual([
      'sku',
      'sku',
      'sku',
      'weightGrams',
      'weightGrams',
      'compatibleModels',
      'compatibleModels',
    ]);
    expect(['Dài (cm)', 'dai cm', 'lengthCm', 'Rộng (cm)', 'RONG (CM)', 'widthCm', 'Cao (cm)', 'cao', 'heightCm'].map(productCsvColumnOf)).toEqual([
      'lengthCm',
      'lengthCm',
      'lengthCm',
      'widthCm',
      'widthCm',
      'widthCm',
      'heightCm',
      undefined,
      'heightCm',
    ]);
    // The fitment rows' column is not the free-text models' one.
    expect(['Xe tương thích', 'XE TUONG THICH', 'fitments', 'Dòng xe tương thích'].map(productCsvColumnOf)).toEqual(['fitments', 'fitments', 'fitments', 'compatibleModels']);
    expect(productCsvColumnOf('Giá nhập')).toBeUndefined();
  });

  it('reads the separator from the header line: ";" from a Vietnamese Excel, "," otherwise, quoted cells ignored', () => {
    expect(csvDelimiterOf('Mã SKU;Tên sản phẩm;Giá bán\r\nA;"B, C";1\r\n')).toBe(';');
    expect(csvDelimiterOf('sku,name,price\r\nA;B;C,x,1\r\n')).toBe(',');
    expect(csvDelimiterOf('"Mã SKU";"Tên; sản phẩm, x"\r\n')).toBe(';');
    expect(csvDelimiterOf('"a;b;c",d\r\n')).toBe(',');
  });
});

describe.each(productionDatabase())('the product CSV in Vietnamese on $label', (target) => {
  const floor = useFloor(target);
  let category = '';
  let brand = '';

  beforeAll(async () => {
    category = (await floor.db.selectFrom('catalogue_categories').select('name').orderBy('id').executeTakeFirstOrThrow()).name;
    brand = (await floor.db.selectFrom('catalogue_brands').select('name').orderBy('id').executeTakeFirstOrThrow()).name;
  });

  const exportCsv = async () =>
    floor.service.app.inject({ method: 'GET', url: '/api/admin/catalogue/products.csv', headers: await authHeader(floor.app, floor.users.admin) });
  const importCsv = async (body: string | Buffer, mode: 'dry-run' | 'apply') =>
    floor.service.app.inject({
      method: 'POST',
      url: `/api/admin/catalogue/products/import?mode=${mode}`,
      headers: { ...(await authHeader(floor.app, floor.users.admin)), 'content-type': 'text/csv; charset=utf-8' },
      payload: body,
    });
  const product = (sku: string) =>
    floor.db.selectFrom('products').select(['sku', 'name', 'price', 'vat_rate', 'unit', 'weight_grams', 'status']).where('sku', '=', sku).executeTakeFirst();
  const values = (sku: string, name: string) => [sku, name, category, brand, '450000', '10', 'cái', '800'];

  it('exports the header row in Vietnamese, with a UTF-8 BOM so that Excel reads the accents', async () => {
    const exported = await exportCsv();
    expect(exported.statusCode).toBe(200);
    const csv = parseCsv(exported.rawPayload);
    expect(csv.bom).toBe(true);
    expect(csv.header).toEqual(VIETNAMESE_HEADER);
    expect(exported.rawPayload.toString('utf8')).not.toMatch(/(^|,)"?(sku|price|vatRate)"?(,|\r)/m);
  });

  it('imports a file with Vietnamese headers, typed in any case and without accents', async () => {
    const sku = newSku();
    const header = ['Mã SKU', 'TÊN SẢN PHẨM', 'danh muc', 'Thương hiệu', ' Giá bán ', 'Thue GTGT (%)', 'Đơn vị tính', 'Khối lượng (gram)'];
    const response = await importCsv(csvOf(header, [values(sku, 'Cáp sạc tiêu đề tiếng Việt')]), 'apply');
    expect(response.statusCode).toBe(200);
    expect(productCsvImportSchema.parse(response.json().data)).toMatchObject({ toCreate: 1, errors: [] });
    expect(await product(sku)).toEqual({ sku, name: 'Cáp sạc tiêu đề tiếng Việt', price: 450_000, vat_rate: 10, unit: 'cái', weight_grams: 800, status: 'draft' });
  });

  it('imports a file Excel saved on a Vietnamese Windows: BOM, cells separated by ";", commas inside cells', async () => {
    const sku = newSku();
    const line = (cells: string[]) => cells.map((cell) => (/[;",]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join(';');
    const header = ['Mã SKU', 'Tên sản phẩm', 'Danh mục', 'Thương hiệu', 'Giá bán', 'Thuế GTGT (%)', 'Đơn vị tính', 'Mô tả'];
    const file = '\uFEFF' + [line(header), line([sku, 'Cáp sạc, loại dài', category, brand, '450000', '10', 'cái', 'Dài 5 m; chịu nước'])].join('\r\n') + '\r\n';
    const response = await importCsv(Buffer.from(file, 'utf8'), 'apply');
    expect(response.statusCode).toBe(200);
    expect(productCsvImportSchema.parse(response.json().data)).toMatchObject({ toCreate: 1, errors: [] });
    const saved = await floor.db.selectFrom('products').select(['name', 'description', 'price']).where('sku', '=', sku).executeTakeFirstOrThrow();
    expect(saved).toEqual({ name: 'Cáp sạc, loại dài', description: 'Dài 5 m; chịu nước', price: 450_000 });
  });

  it('still imports a file with the English keys', async () => {
    const sku = newSku();
    const header = ['sku', 'name', 'category', 'brand', 'price', 'vatRate', 'unit', 'weightGrams'];
    const response = await importCsv(csvOf(header, [values(sku, 'Cáp sạc tiêu đề tiếng Anh')]), 'apply');
    expect(response.statusCode).toBe(200);
    expect(await product(sku)).toMatchObject({ name: 'Cáp sạc tiêu đề tiếng Anh', price: 450_000, vat_rate: 10 });
  });

  it('names the Vietnamese column in a bad row and in a missing column', async () => {
    const bad = await importCsv(csvOf(['Mã SKU', 'Tên sản phẩm', 'Danh mục', 'Thương hiệu', 'Giá bán', 'Thuế GTGT (%)', 'Đơn vị tính'], [[newSku(), 'Cáp', category, brand, '0', '10', 'cái']]), 'dry-run');
    expect(bad.statusCode).toBe(200);
    expect(productCsvImportSchema.parse(bad.json().data).errors).toEqual([{ row: 2, field: 'price', column: 'Giá bán', message: expect.stringMatching(/^Giá bán/) }]);

    const missing = await importCsv(csvOf(['sku', 'name', 'category', 'brand', 'price', 'unit'], [[newSku(), 'Cáp', category, brand, '450000', 'cái']]), 'dry-run');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Tệp CSV thiếu cột "Thuế GTGT (%)" ở dòng tiêu đề.');
  });

  it('round-trips: applying the exported file changes no product and records no change', async () => {
    const snapshot = () => floor.db.selectFrom('products').selectAll().orderBy('id').execute();
    const changes = async () => Number((await floor.db.selectFrom('catalogue_changes').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await snapshot();
    const changesBefore = await changes();
    const exported = await exportCsv();
    const applied = await importCsv(exported.rawPayload, 'apply');
    expect(applied.statusCode).toBe(200);
    expect(productCsvImportSchema.parse(applied.json().data)).toMatchObject({ toCreate: 0, toUpdate: 0, unchanged: before.length, errors: [] });
    expect(await snapshot()).toEqual(before);
    expect(await changes()).toBe(changesBefore);
  });
});
