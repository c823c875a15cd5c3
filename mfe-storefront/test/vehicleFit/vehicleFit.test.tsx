import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS, sessionStore } from 'shared-contracts';
import type { Fitment } from 'shared-contracts/schemas';
import { SEARCH_PAGE_SIZE } from 'shared-contracts/pricing';
import { vehicleFitApi, type ModelOption, type SavedVehicle } from '../../src/vehicleFit/vehicleFitApi';
import { modelYears } from '../../src/vehicleFit/VehicleChooser';
import * as fixtures from '../support/fixtures';
import { answerWithFixtures, api, renderAt } from '../support/render';
import { customer } from '../support/shopFixtures';

jest.mock('../../src/api/storefrontApi');
jest.mock('../../src/vehicleFit/vehicleFitApi', () => ({ vehicleFitApi: { models: jest.fn(), savedVehicles: jest.fn() } }));

const mockedFit = vehicleFitApi as jest.Mocked<typeof vehicleFitApi>;

function model(overrides: Partial<ModelOption>): ModelOption {
  return { id: 1, type: 'scooter', brand: 'VinFast', model: 'Feliz S', variant: null, yearFrom: 2022, yearTo: null, active: true, label: 'VinFast Feliz S', ...overrides };
}

const MODELS: ModelOption[] = [
  model({}),
  model({ id: 2, model: 'Evo 200', label: 'VinFast Evo 200', yearFrom: 2021, yearTo: 2024 }),
  model({ id: 3, model: 'VF 8', label: 'VinFast VF 8' }),
  model({ id: 4, model: 'VF 8', variant: 'Plus', label: 'VinFast VF 8 Plus' }),
  model({ id: 5, brand: 'Yadea', model: 'Odora S', label: 'Yadea Odora S', yearFrom: 2020, yearTo: 2023 }),
  model({ id: 6, brand: 'Honda', model: 'Cũ', label: 'Honda Cũ', active: false }),
];

const feliz2023 = { modelId: 1, year: 2023, label: 'VinFast Feliz S', vehicleId: null, userId: null };

const PAGE = fixtures.productPage([
  fixtures.product({ id: 1, slug: 'ma-phanh-truoc-feliz', name: 'Má phanh trước Feliz', fit: 'FITS' }),
  fixtures.product({ id: 2, slug: 'ma-phanh-vf8', name: 'Má phanh VF 8', fit: 'DOES_NOT_FIT' }),
  fixtures.product({ id: 3, slug: 'khan-lau-xe', name: 'Khăn lau xe', fit: 'UNKNOWN' }),
]);

const lastQuery = () => api.products.mock.calls[api.products.mock.calls.length - 1]![0];
const location = () => screen.getByTestId('location').textContent;
const chooser = () => screen.getAllByTestId('vehicle-chooser')[0]!;

beforeEach(() => {
  jest.resetAllMocks();
  answerWithFixtures();
  localStorage.clear();
  act(() => sessionStore.clear());
  mockedFit.models.mockResolvedValue(MODELS);
  mockedFit.savedVehicles.mockResolvedValue([]);
});

async function pickAsGuest(brand: string, modelName: string, year: string) {
  await userEvent.click(within(chooser()).getByRole('button', { name: 'Chọn xe' }));
  await userEvent.selectOptions(await within(chooser()).findByRole('combobox', { name: 'Hãng xe' }), brand);
  await userEvent.selectOptions(within(chooser()).getByRole('combobox', { name: 'Dòng xe' }), modelName);
  await userEvent.selectOptions(within(chooser()).getByRole('combobox', { name: 'Năm sản xuất' }), year);
  await userEvent.click(within(chooser()).getByRole('button', { name: 'Chọn xe này' }));
}

describe('"Xe của bạn" on the product list', () => {
  it('a guest picks brand, model and year; the list asks the fit for it and each card says it', async () => {
    api.products.mockResolvedValue(PAGE);
    renderAt('/products');
    await screen.findAllByTestId('product-card');
    expect(screen.queryByTestId('fit-badge')).not.toBeInTheDocument();
    expect(lastQuery()).not.toHaveProperty('fitModel');

    await userEvent.click(within(chooser()).getByRole('button', { name: 'Chọn xe' }));
    const brand = await within(chooser()).findByRole('combobox', { name: 'Hãng xe' });
    // only active models' brands, and the model waits for its brand
    expect(within(brand).getAllByRole('option').map((option) => option.textContent)).toEqual(['Chọn hãng', 'VinFast', 'Yadea']);
    expect(within(chooser()).getByRole('combobox', { name: 'Dòng xe' })).toBeDisabled();
    await userEvent.selectOptions(brand, 'VinFast');
    const models = within(chooser()).getByRole('combobox', { name: 'Dòng xe' });
    expect(within(models).getAllByRole('option').map((option) => option.textContent)).toEqual(['Chọn dòng xe', 'Evo 200', 'Feliz S', 'VF 8', 'VF 8 Plus']);
    await userEvent.selectOptions(models, 'Evo 200');
    // the model's production years, newest first
    expect(within(within(chooser()).getByRole('combobox', { name: 'Năm sản xuất' })).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Chọn năm',
      '2024',
      '2023',
      '2022',
      '2021',
    ]);
    expect(within(chooser()).getByRole('button', { name: 'Chọn xe này' })).toBeDisabled();
    await userEvent.selectOptions(models, 'Feliz S');
    await userEvent.selectOptions(within(chooser()).getByRole('combobox', { name: 'Năm sản xuất' }), '2023');
    await userEvent.click(within(chooser()).getByRole('button', { name: 'Chọn xe này' }));

    expect(within(chooser()).getByTestId('chosen-vehicle')).toHaveTextContent('VinFast Feliz S 2023');
    await waitFor(() => expect(lastQuery()).toEqual({ sort: 'popular', page: 1, pageSize: 12, fitModel: 1, fitYear: 2023 }));
    const cards = await screen.findAllByTestId('product-card');
    await waitFor(() => expect(within(cards[0]!).getByTestId('fit-badge')).toHaveTextContent('Vừa xe của bạn: VinFast Feliz S 2023'));
    expect(within(cards[1]!).getByTestId('fit-badge')).toHaveTextContent('Không vừa xe của bạn');
    expect(within(cards[2]!).getByTestId('fit-badge')).toHaveTextContent('Chưa có thông tin');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.chosenVehicle)!)).toEqual(feliz2023);
  });

  it('the choice survives a reload, and "Bỏ chọn xe" forgets it', async () => {
    localStorage.setItem(STORAGE_KEYS.chosenVehicle, JSON.stringify({ ...feliz2023, year: 2024 }));
    api.products.mockResolvedValue(PAGE);
    renderAt('/products');
    expect(await within(chooser()).findByTestId('chosen-vehicle')).toHaveTextContent('VinFast Feliz S 2024');
    await waitFor(() => expect(lastQuery()).toMatchObject({ fitModel: 1, fitYear: 2024 }));
    expect((await screen.findAllByTestId('fit-badge'))[0]).toHaveTextContent('Vừa xe của bạn: VinFast Feliz S 2024');

    await userEvent.click(within(chooser()).getByRole('button', { name: 'Bỏ chọn xe' }));
    expect(localStorage.getItem(STORAGE_KEYS.chosenVehicle)).toBeNull();
    expect(within(chooser()).getByTestId('chosen-vehicle')).toHaveTextContent('Chọn xe để biết phụ tùng nào vừa xe của bạn.');
    await waitFor(() => expect(lastQuery()).toEqual({ sort: 'popular', page: 1, pageSize: 12 }));
    expect(screen.queryByTestId('fit-badge')).not.toBeInTheDocument();
  });

  it('ignores a stored choice it cannot read', async () => {
    localStorage.setItem(STORAGE_KEYS.chosenVehicle, '{"modelId":"1","year":2023,"label":"x"}');
    renderAt('/products');
    await screen.findAllByTestId('product-card');
    expect(lastQuery()).toEqual({ sort: 'popular', page: 1, pageSize: 12 });
    expect(within(chooser()).getByRole('button', { name: 'Chọn xe' })).toBeInTheDocument();
  });

  it('"Chỉ hiện phụ tùng vừa xe" is offered with a vehicle only, and goes in the URL and the query', async () => {
    renderAt('/products?fitOnly=1');
    await screen.findAllByTestId('product-card');
    // no vehicle: the link's fitOnly is not sent (the API needs the vehicle)
    expect(lastQuery()).toEqual({ sort: 'popular', page: 1, pageSize: 12 });
    expect(screen.queryByRole('checkbox', { name: 'Chỉ hiện phụ tùng vừa xe' })).not.toBeInTheDocument();

    await pickAsGuest('VinFast', 'Feliz S', '2023');
    const fitOnly = await screen.findByRole('checkbox', { name: 'Chỉ hiện phụ tùng vừa xe' });
    expect(fitOnly).toBeChecked();
    await waitFor(() => expect(lastQuery()).toEqual({ sort: 'popular', page: 1, pageSize: 12, fitModel: 1, fitYear: 2023, fitOnly: true }));

    await userEvent.click(fitOnly);
    expect(location()).toBe('/products');
    await waitFor(() => expect(lastQuery()).toEqual({ sort: 'popular', page: 1, pageSize: 12, fitModel: 1, fitYear: 2023 }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Chỉ hiện phụ tùng vừa xe' }));
    expect(location()).toBe('/products?fitOnly=1');
    await waitFor(() => expect(lastQuery()).toMatchObject({ fitOnly: true }));
  });

  it('the search sends the chosen vehicle along', async () => {
    localStorage.setItem(STORAGE_KEYS.chosenVehicle, JSON.stringify(feliz2023));
    renderAt('/search?q=má phanh');
    await waitFor(() => expect(api.search).toHaveBeenCalledWith('má phanh', SEARCH_PAGE_SIZE, expect.anything(), { fitModel: 1, fitYear: 2023 }));
  });

  it('offers years from the first to next year while a model is still made', () => {
    expect(modelYears({ yearFrom: 2023, yearTo: null }, new Date('2026-06-01T00:00:00Z'))).toEqual([2027, 2026, 2025, 2024, 2023]);
    expect(modelYears({ yearFrom: 2020, yearTo: 2021 })).toEqual([2021, 2020]);
  });
});

describe('"Xe của bạn" for a signed-in customer', () => {
  const saved = (overrides: Partial<SavedVehicle>): SavedVehicle => ({
    id: 11,
    brand: 'VinFast',
    year: 2023,
    licensePlate: '29MĐ1-234.56',
    nickname: null,
    modelId: 1,
    vehicleModel: { id: 1, label: 'VinFast Feliz S', slug: 'vinfast-feliz-s' },
    ...overrides,
  });

  it('offers the saved vehicles with their model and year; one without a model is named, not offered', async () => {
    act(() => sessionStore.save(customer));
    mockedFit.savedVehicles.mockResolvedValue([
      saved({}),
      saved({ id: 12, brand: 'Dat Bike', year: 2022, licensePlate: '59X1-111.11', nickname: 'Xe đi làm', modelId: null, vehicleModel: null }),
    ]);
    renderAt('/products');
    await screen.findAllByTestId('product-card');
    await userEvent.click(within(chooser()).getByRole('button', { name: 'Chọn xe' }));
    const pickSaved = await within(chooser()).findByRole('button', { name: 'Chọn VinFast Feliz S 2023 (29MĐ1-234.56)' });
    expect(within(chooser()).getByText(/Xe đi làm \(59X1-111.11\): Chưa chọn dòng xe/)).toBeInTheDocument();
    // the brand/model picker waits behind "Xe khác"
    expect(within(chooser()).queryByRole('combobox', { name: 'Hãng xe' })).not.toBeInTheDocument();

    await userEvent.click(pickSaved);
    expect(within(chooser()).getByTestId('chosen-vehicle')).toHaveTextContent('VinFast Feliz S 2023');
    await waitFor(() => expect(lastQuery()).toMatchObject({ fitModel: 1, fitYear: 2023 }));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.chosenVehicle)!)).toEqual({ ...feliz2023, vehicleId: 11, userId: '42' });

    // signed out: the customer's vehicle is not the next visitor's
    act(() => sessionStore.clear());
    await waitFor(() => expect(within(chooser()).getByRole('button', { name: 'Chọn xe' })).toBeInTheDocument());
    await waitFor(() => expect(lastQuery()).toEqual({ sort: 'popular', page: 1, pageSize: 12 }));
  });

  it('"Xe khác" picks another vehicle by brand, model and year', async () => {
    act(() => sessionStore.save(customer));
    mockedFit.savedVehicles.mockResolvedValue([saved({})]);
    renderAt('/products');
    await userEvent.click(within(chooser()).getByRole('button', { name: 'Chọn xe' }));
    await userEvent.click(await within(chooser()).findByRole('button', { name: 'Xe khác' }));
    await userEvent.selectOptions(await within(chooser()).findByRole('combobox', { name: 'Hãng xe' }), 'Yadea');
    await userEvent.selectOptions(within(chooser()).getByRole('combobox', { name: 'Dòng xe' }), 'Odora S');
    await userEvent.selectOptions(within(chooser()).getByRole('combobox', { name: 'Năm sản xuất' }), '2021');
    await userEvent.click(within(chooser()).getByRole('button', { name: 'Chọn xe này' }));
    expect(within(chooser()).getByTestId('chosen-vehicle')).toHaveTextContent('Yadea Odora S 2021');
    await waitFor(() => expect(lastQuery()).toMatchObject({ fitModel: 5, fitYear: 2021 }));
  });

  it('a customer without saved vehicles gets the picker at once', async () => {
    act(() => sessionStore.save(customer));
    renderAt('/products');
    await userEvent.click(within(chooser()).getByRole('button', { name: 'Chọn xe' }));
    expect(await within(chooser()).findByRole('combobox', { name: 'Hãng xe' })).toBeInTheDocument();
    expect(mockedFit.savedVehicles).toHaveBeenCalledTimes(1);
  });
});

describe('the product page and the chosen vehicle', () => {
  const fitment = (overrides: Partial<Fitment>): Fitment => ({
    modelId: 1,
    modelLabel: 'VinFast Feliz S',
    modelSlug: 'vinfast-feliz-s',
    yearFrom: 2022,
    yearTo: 2025,
    position: 'FRONT',
    positionLabel: 'Trước',
    quantityPerVehicle: 2,
    ...overrides,
  });

  it('shows the badge for the chosen vehicle and the "Xe tương thích" list', async () => {
    localStorage.setItem(STORAGE_KEYS.chosenVehicle, JSON.stringify(feliz2023));
    api.product.mockResolvedValue(
      fixtures.productDetail({
        fit: 'FITS',
        fitments: [fitment({}), fitment({ modelId: 2, modelLabel: 'VinFast Evo 200', modelSlug: 'vinfast-evo-200', yearTo: null, position: null, positionLabel: '', quantityPerVehicle: 1 })],
      }),
    );
    renderAt('/products/pin-lithium-48v-20ah');
    expect(await screen.findByTestId('fit-badge')).toHaveTextContent('Vừa xe của bạn: VinFast Feliz S 2023');
    expect(api.product).toHaveBeenCalledWith('pin-lithium-48v-20ah', expect.anything(), { fitModel: 1, fitYear: 2023 });
    const list = screen.getByRole('region', { name: 'Xe tương thích' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('VinFast Feliz S2022–2025Trước2 cái/xe');
    expect(rows[1]).toHaveTextContent('VinFast Evo 200từ 20221 cái/xe');
  });

  it('asks again for another vehicle, the product staying on screen', async () => {
    localStorage.setItem(STORAGE_KEYS.chosenVehicle, JSON.stringify(feliz2023));
    api.product.mockImplementation(async (_slug, _signal, fit) => fixtures.productDetail({ fit: fit?.fitModel === 1 ? 'FITS' : 'DOES_NOT_FIT', fitments: [fitment({})] }));
    renderAt('/products/pin-lithium-48v-20ah');
    expect(await screen.findByTestId('fit-badge')).toHaveTextContent('Vừa xe của bạn: VinFast Feliz S 2023');
    await userEvent.click(within(chooser()).getByRole('button', { name: 'Đổi xe' }));
    await userEvent.selectOptions(await within(chooser()).findByRole('combobox', { name: 'Hãng xe' }), 'Yadea');
    await userEvent.selectOptions(within(chooser()).getByRole('combobox', { name: 'Dòng xe' }), 'Odora S');
    await userEvent.selectOptions(within(chooser()).getByRole('combobox', { name: 'Năm sản xuất' }), '2022');
    await userEvent.click(within(chooser()).getByRole('button', { name: 'Chọn xe này' }));
    await waitFor(() => expect(screen.getByTestId('fit-badge')).toHaveTextContent('Không vừa xe của bạn'));
    expect(screen.getByRole('heading', { level: 1, name: 'Pin lithium 48V 20Ah' })).toBeInTheDocument();
  });

  it('without fitment rows says so, and without a vehicle shows no badge', async () => {
    api.product.mockResolvedValue(fixtures.productDetail({ compatibleModels: [], fitments: [] }));
    renderAt('/products/pin-lithium-48v-20ah');
    const list = await screen.findByRole('region', { name: 'Xe tương thích' });
    expect(list).toHaveTextContent('Chưa có thông tin xe tương thích.');
    expect(screen.queryByTestId('fit-badge')).not.toBeInTheDocument();
    expect(api.product).toHaveBeenCalledWith('pin-lithium-48v-20ah', expect.anything());
  });
});
