import {
  FIT_STATUS_LABELS,
  fitBadgeText,
  fitStatus,
  fitWarningText,
  fitmentYearsLabel,
  type FitVehicle,
  type FitmentRule,
} from '../src/pricing';
import { productFitmentsUpdateSchema, productListQuerySchema, productDetailQuerySchema, fitVehicleQuerySchema } from '../src/schemas';

// Models: 1 = VinFast Feliz S (base), 2 = VinFast Feliz S Eco (a variant of 1), 3 = VinFast VF 8 (base), 4 = VF 8 Plus.
const felizS = (year: number): FitVehicle => ({ modelId: 1, baseModelId: 1, year });
const felizSEco = (year: number): FitVehicle => ({ modelId: 2, baseModelId: 1, year });
const vf8 = (year: number): FitVehicle => ({ modelId: 3, baseModelId: 3, year });
const vf8Plus = (year: number): FitVehicle => ({ modelId: 4, baseModelId: 3, year });
const row = (modelId: number, yearFrom: number | null = null, yearTo: number | null = null): FitmentRule => ({ modelId, yearFrom, yearTo });

describe('the fit rule', () => {
  it('says UNKNOWN for a product without fitment rows', () => {
    expect(fitStatus([], felizS(2023))).toBe('UNKNOWN');
  });

  it('fits within the year range, bounds included, and not outside it', () => {
    const rows = [row(1, 2022, 2024)];
    expect(fitStatus(rows, felizS(2021))).toBe('DOES_NOT_FIT');
    expect(fitStatus(rows, felizS(2022))).toBe('FITS');
    expect(fitStatus(rows, felizS(2024))).toBe('FITS');
    expect(fitStatus(rows, felizS(2025))).toBe('DOES_NOT_FIT');
  });

  it('reads a null bound as open', () => {
    expect(fitStatus([row(1, 2022, null)], felizS(2040))).toBe('FITS');
    expect(fitStatus([row(1, 2022, null)], felizS(2021))).toBe('DOES_NOT_FIT');
    expect(fitStatus([row(1, null, 2020)], felizS(2012))).toBe('FITS');
    expect(fitStatus([row(1, null, 2020)], felizS(2021))).toBe('DOES_NOT_FIT');
    expect(fitStatus([row(1)], felizS(2010))).toBe('FITS');
  });

  it('lets a base-model row fit every variant of that model, and a variant row only that variant', () => {
    expect(fitStatus([row(1)], felizSEco(2023))).toBe('FITS');
    expect(fitStatus([row(2)], felizSEco(2023))).toBe('FITS');
    expect(fitStatus([row(2)], felizS(2023))).toBe('DOES_NOT_FIT');
    expect(fitStatus([row(4)], vf8(2023))).toBe('DOES_NOT_FIT');
    expect(fitStatus([row(4)], vf8Plus(2023))).toBe('FITS');
  });

  it('does not let another model fit', () => {
    expect(fitStatus([row(3), row(4)], felizS(2023))).toBe('DOES_NOT_FIT');
    expect(fitStatus([row(3), row(1, 2022, 2022)], felizS(2023))).toBe('DOES_NOT_FIT');
    expect(fitStatus([row(3), row(1, 2022, 2023)], felizS(2023))).toBe('FITS');
  });

  it('words the badge and the warning as the issue does', () => {
    expect(fitBadgeText('FITS', 'VinFast Feliz S', 2023)).toBe('Vừa xe của bạn: VinFast Feliz S 2023');
    expect(fitBadgeText('DOES_NOT_FIT', 'VinFast Feliz S', 2023)).toBe('Không vừa xe của bạn');
    expect(fitBadgeText('UNKNOWN', 'VinFast Feliz S', 2023)).toBe('Chưa có thông tin');
    expect(FIT_STATUS_LABELS.UNKNOWN).toBe('Chưa có thông tin');
    expect(fitWarningText('VinFast Feliz S', 2023)).toBe('Phụ tùng này không vừa xe VinFast Feliz S 2023 của bạn.');
    expect(fitmentYearsLabel(2022, 2025)).toBe('2022–2025');
    expect(fitmentYearsLabel(2022, null)).toBe('từ 2022');
    expect(fitmentYearsLabel(null, 2025)).toBe('đến 2025');
    expect(fitmentYearsLabel(null, null)).toBe('mọi đời');
  });
});

describe('the fitment schemas', () => {
  it('reads the chosen vehicle from a product list query', () => {
    const query = productListQuerySchema.parse({ fitModel: '12', fitYear: '2023', fitOnly: 'true' });
    expect(query).toMatchObject({ fitModel: 12, fitYear: 2023, fitOnly: true });
    expect(productListQuerySchema.parse({}).fitModel).toBeUndefined();
  });

  it('refuses a model without a year, a year without a model and a bad year, in Vietnamese', () => {
    const messages = (input: unknown) => {
      const result = productListQuerySchema.safeParse(input);
      return result.success ? [] : result.error.issues.map((issue) => issue.message);
    };
    expect(messages({ fitModel: '12' })).toEqual(['Vui lòng chọn năm sản xuất của xe.']);
    expect(messages({ fitYear: '2023' })).toEqual(['Vui lòng chọn dòng xe.']);
    expect(messages({ fitOnly: 'true' })).toEqual(['Vui lòng chọn dòng xe.']);
    expect(messages({ fitModel: 'abc', fitYear: '2023' })).toContain('Dòng xe không hợp lệ.');
    expect(messages({ fitModel: '1', fitYear: '23' })[0]).toMatch(/^Năm sản xuất của xe phải từ/);
    expect(productDetailQuerySchema.safeParse({ fitModel: '1' }).success).toBe(false);
    expect(fitVehicleQuerySchema.parse({ fitModel: '1', fitYear: '2024' })).toEqual({ fitModel: 1, fitYear: 2024 });
  });

  it('reads a fitment save and refuses reversed years and a duplicate (model, position)', () => {
    const parsed = productFitmentsUpdateSchema.parse({ version: 3, fitments: [{ modelId: 1, yearFrom: 2022, yearTo: null, position: 'FRONT' }, { modelId: 1 }] });
    expect(parsed.fitments).toEqual([
      { modelId: 1, yearFrom: 2022, yearTo: null, position: 'FRONT', quantityPerVehicle: 1 },
      { modelId: 1, yearFrom: null, yearTo: null, position: null, quantityPerVehicle: 1 },
    ]);
    const reversed = productFitmentsUpdateSchema.safeParse({ version: 1, fitments: [{ modelId: 1, yearFrom: 2025, yearTo: 2022 }] });
    expect(reversed.success ? null : reversed.error.issues[0]?.message).toBe('Từ năm phải nhỏ hơn hoặc bằng đến năm.');
    const duplicate = productFitmentsUpdateSchema.safeParse({ version: 1, fitments: [{ modelId: 1, position: 'REAR' }, { modelId: 1, position: 'REAR' }] });
    expect(duplicate.success ? null : duplicate.error.issues[0]?.message).toBe('Mỗi dòng xe chỉ có một dòng cho mỗi vị trí lắp.');
    const badPosition = productFitmentsUpdateSchema.safeParse({ version: 1, fitments: [{ modelId: 1, position: 'TOP' }] });
    expect(badPosition.success ? null : badPosition.error.issues[0]?.message).toBe('Vị trí lắp phải là Trước, Sau, Trái hoặc Phải.');
  });
});
