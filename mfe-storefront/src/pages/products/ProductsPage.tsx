import { useCallback, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { storefrontApi } from '../../api/storefrontApi';
import { AddToCartButton } from '../../cart/AddToCartButton';
import { Async, Skeleton } from '../../components/Async';
import { PageIntro } from '../../components/PageIntro';
import { ProductCard } from '../../components/ProductCard';
import { loadedOf, useAsync } from '../../hooks/useAsync';
import { usePageMeta } from '../../hooks/usePageMeta';
import { vi } from '../../i18n/vi';
import { Pagination } from './Pagination';
import { ProductFilters } from './ProductFilters';
import { fitKeyOf, fitQueryOfKey, useChosenVehicle, VehicleChooser } from '../../vehicleFit';
import { apiParams, changeFilters, readFilters, toQuery, type ProductFilters as Filters } from './productQuery';
import { productsText as text } from './productsText';
import styles from './ProductsPage.module.css';

/**
 * Products with filters, sort and pagination, all in the URL query: the link can be shared, the back
 * button returns to the previous filters and a reload keeps them. Each URL change is one API query.
 * `loadingCards`: the results' place until they arrive (the first view shows the first product's image there).
 */
const readFacets = (signal: AbortSignal) => Promise.all([storefrontApi.categories(signal), storefrontApi.brands(signal)]);

export function ProductsPage({ loadingCards = <Skeleton count={6} /> }: { loadingCards?: ReactNode } = {}) {
  const [query, setQuery] = useSearchParams();
  const filters = readFilters(query);
  const queryKey = toQuery(filters).toString();
  // the chosen vehicle: each product's fit is asked for it (and fitOnly keeps the parts that fit)
  const vehicle = useChosenVehicle();
  const fitKey = fitKeyOf(vehicle);

  const facets = loadedOf(useAsync(readFacets, {}).state);
  // the filters the query key says (readFilters of toQuery gives the same filters back)
  const readProducts = useCallback(
    (signal: AbortSignal) => storefrontApi.products(apiParams(readFilters(new URLSearchParams(queryKey)), fitQueryOfKey(fitKey)), signal),
    [queryKey, fitKey],
  );
  const products = useAsync(readProducts, {});
  const shownProducts = loadedOf(products.state);

  const [categories, brands] = facets.status === 'ready' ? facets.data : [[], []];
  const category = categories.find((candidate) => candidate.slug === filters.category) ?? null;
  const heading = category?.name ?? text.allProducts;
  usePageMeta(category ? `${category.name} – ${vi.products.title}` : vi.products.title, category?.description || vi.products.description);

  const go = (next: Filters) => setQuery(toQuery(next));
  const hrefOf = (page: number) => {
    const next = toQuery({ ...filters, page }).toString();
    return next ? `/products?${next}` : '/products';
  };

  return (
    <>
      <PageIntro title={vi.products.title} description={vi.products.description} />
      <VehicleChooser />
      <div className={styles.layout}>
        <ProductFilters
          filters={filters}
          vehicleChosen={vehicle !== null}
          categories={categories}
          brands={brands}
          onChange={(change) => go(changeFilters(filters, change))}
          onClear={() => go(changeFilters(filters, { category: null, brand: null, minPrice: null, maxPrice: null, inStock: false, model: null, fitOnly: false }))}
        />
        <section aria-labelledby="results-heading" className={styles.results} aria-busy={shownProducts.status === 'loading'}>
          <div className={styles.resultsHead}>
            <h2 id="results-heading" className={styles.resultsHeading}>
              {heading}
            </h2>
            {shownProducts.status === 'ready' && (
              <p className={styles.count} role="status">
                {text.count(shownProducts.data.total)}
              </p>
            )}
          </div>
          {facets.status === 'failed' && <p className={styles.fieldError}>{facets.message}</p>}
          <Async
            load={products}
            skeleton={loadingCards}
            isEmpty={(page) => page.items.length === 0}
            empty={text.empty}
          >
            {(page) => (
              <>
                <ul className={styles.grid}>
                  {page.items.map((product) => (
                    <li key={product.id}>
                      <ProductCard product={product} action={<AddToCartButton product={product} />} />
                    </li>
                  ))}
                </ul>
                <Pagination page={page.page} totalPages={page.totalPages} hrefOf={hrefOf} />
              </>
            )}
          </Async>
        </section>
      </div>
    </>
  );
}

export default ProductsPage;
