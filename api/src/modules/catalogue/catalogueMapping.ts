import type {
  CatalogueImage,
  ChecklistItem,
  ProductSpecification,
  PromotionCategory,
  VehicleType,
} from 'shared-contracts/schemas';
import { catalogueMediaUrl, isUploadedImageKey, uploadedImageUrl } from '../media';

/** An image as stored in the JSON columns: a path under api/assets/catalogue and its size. */
export interface StoredImageJson {
  path: string;
  width: number;
  height: number;
  alt: string;
}

export function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (text === null || text === undefined || text === '') return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export function toImage(stored: StoredImageJson): CatalogueImage {
  // An admin's uploaded photo, or an image of the catalogue's assets (the seed's).
  const url = isUploadedImageKey(stored.path) ? uploadedImageUrl(stored.path) : catalogueMediaUrl(stored.path);
  return { url, width: stored.width, height: stored.height, alt: stored.alt };
}

export function imageFromColumn(text: string | null): CatalogueImage | null {
  const stored = parseJson<StoredImageJson | null>(text, null);
  return stored ? toImage(stored) : null;
}

/** The first image of an `images` column (a list or a search hit shows one): only that one is mapped to its URL. */
export function firstImageFromColumn(text: string): CatalogueImage | null {
  const stored = parseJson<StoredImageJson[]>(text, []);
  return stored.length > 0 ? toImage(stored[0]!) : null;
}

export function imagesFromColumn(text: string): CatalogueImage[] {
  return parseJson<StoredImageJson[]>(text, []).map(toImage);
}

export const parseStrings = (text: string): string[] => parseJson<string[]>(text, []);
export const parseVehicleTypes = (text: string): VehicleType[] => parseJson<VehicleType[]>(text, []);
export const parseSpecifications = (text: string): ProductSpecification[] => parseJson<ProductSpecification[]>(text, []);
export const parseChecklist = (text: string): ChecklistItem[] => parseJson<ChecklistItem[]>(text, []);
export const parseCategories = (text: string | null): PromotionCategory[] | undefined =>
  text ? parseJson<PromotionCategory[] | undefined>(text, undefined) : undefined;

/** Whole percent off, or null when there is no real discount. */
export function discountPercent(price: number, originalPrice: number | null): number | null {
  if (originalPrice === null || originalPrice <= price || originalPrice <= 0) return null;
  const percent = Math.round(((originalPrice - price) / originalPrice) * 100);
  return Math.min(99, Math.max(1, percent));
}
