import { apiClient, readData } from 'shared-contracts';
import { PRODUCT_PARCEL_DEFAULTS, productAdminInputOf, type ProductSaveFields } from 'shared-contracts/backoffice';
import type { CatalogueChange, ProductAdmin, ProductAdminImage, ProductAdminOptions, ProductAdminPage, ProductStatus } from 'shared-contracts/schemas';

export interface ProductListQuery {
  q: string;
  status: ProductStatus | '';
  categoryId: number | '';
  brandId: number | '';
  page: number;
  pageSize: number;
}

/** What the form sends: every field, and on a save the version it was edited from. */
export type ProductFormValues = Omit<ProductSaveFields, 'categoryId' | 'brandId' | 'price' | 'vatRate' | 'images' | 'lengthCm' | 'widthCm' | 'heightCm'> & {
  /** '' until chosen or typed. */
  categoryId: number | '';
  brandId: number | '';
  price: number | '';
  vatRate: number;
  /** The parcel's sides in cm: a number once whole digits are typed, else the text as typed (the server names what is wrong). */
  lengthCm: number | string;
  widthCm: number | string;
  heightCm: number | string;
  /** With the URL the form previews. */
  images: { path: string; alt: string; url: string }[];
};

/** The admin's product catalogue calls (/api/admin/catalogue). */
export const catalogueAdminApi = {
  options: (signal?: AbortSignal) => readData<ProductAdminOptions>(apiClient.get('/admin/catalogue/options', { signal })),
  list: (query: ProductListQuery, signal?: AbortSignal) =>
    readData<ProductAdminPage>(
      apiClient.get('/admin/catalogue/products', {
        query: {
          q: query.q || undefined,
          status: query.status || undefined,
          categoryId: query.categoryId || undefined,
          brandId: query.brandId || undefined,
          page: query.page,
          pageSize: query.pageSize,
        },
        signal,
      }),
    ),
  product: (id: number, signal?: AbortSignal) => readData<ProductAdmin>(apiClient.get(`/admin/catalogue/products/${id}`, { signal })),
  history: (id: number, field?: 'price', signal?: AbortSignal) =>
    readData<CatalogueChange[]>(apiClient.get(`/admin/catalogue/products/${id}/history`, { query: { field }, signal })),
  create: (values: ProductFormValues) => readData<ProductAdmin>(apiClient.post('/admin/catalogue/products', toBody(values))),
  save: (id: number, version: number, values: ProductFormValues) =>
    readData<ProductAdmin>(apiClient.put(`/admin/catalogue/products/${id}`, { ...toBody(values), version })),
  uploadImage: (file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return readData<ProductAdminImage>(apiClient.post('/admin/catalogue/product-images', form));
  },
};

function toBody(values: ProductFormValues) {
  return { ...values, images: values.images.map(({ path, alt }) => ({ path, alt })) };
}

/** The form's values of a saved product. */
export function formValuesOf(product: ProductAdmin): ProductFormValues {
  return { ...productAdminInputOf(product), images: product.images.map(({ path, alt, url }) => ({ path, alt, url })) };
}

export const EMPTY_FORM: ProductFormValues = {
  name: '',
  sku: '',
  categoryId: '',
  brandId: '',
  price: '',
  compareAtPrice: null,
  salePrice: null,
  saleStartsAt: null,
  saleEndsAt: null,
  vatRate: 10,
  unit: 'cái',
  weightGrams: null,
  // A new product starts with the parcel the server would store anyway, for the admin to measure and correct.
  lengthCm: PRODUCT_PARCEL_DEFAULTS.lengthCm,
  widthCm: PRODUCT_PARCEL_DEFAULTS.widthCm,
  heightCm: PRODUCT_PARCEL_DEFAULTS.heightCm,
  warrantyMonths: 0,
  compatibleModels: [],
  specifications: [],
  description: '',
  images: [],
  status: 'draft',
};
