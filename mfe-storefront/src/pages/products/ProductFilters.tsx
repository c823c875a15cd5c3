import { useState, type FormEvent } from 'react';
import type { Brand, Category, ProductSort } from 'shared-contracts/schemas';
import { PRODUCT_SORT_LABELS } from '../../i18n/catalogueLabels';
import { fitText } from '../../vehicleFit';
import { hasFilters, type ProductFilters as Filters } from './productQuery';
import { productsText as text } from './productsText';
import styles from './ProductsPage.module.css';

interface Props {
  filters: Filters;
  /** a vehicle is chosen ("Xe của bạn"): the "Chỉ hiện phụ tùng vừa xe" filter is offered */
  vehicleChosen?: boolean;
  categories: readonly Category[];
  brands: readonly Brand[];
  onChange: (change: Partial<Filters>) => void;
  onClear: () => void;
}

const SORTS = Object.keys(PRODUCT_SORT_LABELS) as ProductSort[];

function numberOrNull(value: FormDataEntryValue | null): number | null {
  const text = typeof value === 'string' ? value.replace(/[.\s₫]/g, '') : '';
  return /^\d+$/.test(text) ? Number(text) : null;
}

/** The filter panel: selects and the checkbox apply at once; price range and model apply with 'Áp dụng'. */
export function ProductFilters({ filters, vehicleChosen = false, categories, brands, onChange, onClear }: Props) {
  const [rangeError, setRangeError] = useState<string | null>(null);
  // phones: the fields stay folded behind "Bộ lọc" so the products start on the first screen (CSS shows them
  // whatever this says on wider screens)
  const [open, setOpen] = useState(false);

  const applyText = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const minPrice = numberOrNull(data.get('minPrice'));
    const maxPrice = numberOrNull(data.get('maxPrice'));
    if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) {
      setRangeError(text.priceOrder);
      return;
    }
    setRangeError(null);
    const model = String(data.get('model') ?? '').trim();
    onChange({ minPrice, maxPrice, model: model || null });
  };

  return (
    <section aria-labelledby="filters-heading" className={styles.filters}>
      <h2 id="filters-heading" className={styles.filtersHeading}>
        {text.filtersHeading}
      </h2>
      <button type="button" className={styles.filtersToggle} aria-expanded={open} aria-controls="product-filter-fields" onClick={() => setOpen((shown) => !shown)}>
        {text.filtersHeading}
      </button>
      <div id="product-filter-fields" className={open ? styles.filterFields : `${styles.filterFields} ${styles.folded}`}>
        <label className={styles.field}>
          <span>{text.category}</span>
          <select value={filters.category ?? ''} onChange={(event) => onChange({ category: event.target.value || null })}>
            <option value="">{text.all}</option>
            {categories.map((category) => (
              <option key={category.slug} value={category.slug}>
                {category.name}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span>{text.brand}</span>
          <select value={filters.brand ?? ''} onChange={(event) => onChange({ brand: event.target.value || null })}>
            <option value="">{text.all}</option>
            {brands.map((brand) => (
              <option key={brand.slug} value={brand.slug}>
                {brand.name}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span>{text.sort}</span>
          <select value={filters.sort} onChange={(event) => onChange({ sort: event.target.value as ProductSort })}>
            {SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {PRODUCT_SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.check}>
          <input type="checkbox" checked={filters.inStock} onChange={(event) => onChange({ inStock: event.target.checked })} />
          <span>{text.inStock}</span>
        </label>
        {vehicleChosen && (
          <label className={styles.check}>
            <input type="checkbox" checked={filters.fitOnly} onChange={(event) => onChange({ fitOnly: event.target.checked })} />
            <span>{fitText.fitOnly}</span>
          </label>
        )}
        {/* re-created when the URL changes (back button), so the fields show the URL's values */}
        <form key={`${filters.minPrice}-${filters.maxPrice}-${filters.model}`} onSubmit={applyText} className={styles.textFilters} noValidate>
          <label className={styles.field}>
            <span>{text.priceFrom}</span>
            <input name="minPrice" type="number" inputMode="numeric" min={0} step={1000} defaultValue={filters.minPrice ?? ''} aria-describedby={rangeError ? 'price-error' : undefined} />
          </label>
          <label className={styles.field}>
            <span>{text.priceTo}</span>
            <input
              name="maxPrice"
              type="number"
              inputMode="numeric"
              min={0}
              step={1000}
              defaultValue={filters.maxPrice ?? ''}
              aria-invalid={rangeError ? true : undefined}
              aria-describedby={rangeError ? 'price-error' : undefined}
            />
          </label>
          {rangeError && (
            <p id="price-error" role="alert" className={styles.fieldError}>
              {rangeError}
            </p>
          )}
          <label className={styles.field}>
            <span>{text.model}</span>
            <input name="model" type="text" maxLength={100} placeholder={text.modelPlaceholder} defaultValue={filters.model ?? ''} />
          </label>
          <button type="submit" className={styles.apply}>
            {text.apply}
          </button>
        </form>
        {hasFilters(filters) && (
          <button type="button" className={styles.clear} onClick={onClear}>
            {text.clear}
          </button>
        )}
      </div>
    </section>
  );
}
