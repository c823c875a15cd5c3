import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ApiError, formatVnd } from 'shared-contracts';
import type { ProductDetail } from 'shared-contracts/schemas';
import { storefrontApi } from '../../api/storefrontApi';
import { AddToCartButton } from '../../cart/AddToCartButton';
import { ErrorState, Skeleton } from '../../components/Async';
import { CatalogueImage } from '../../components/CatalogueImage';
import { stockLabel } from '../../components/stock';
import { loadedOf, useAsync } from '../../hooks/useAsync';
import { usePageMeta } from '../../hooks/usePageMeta';
import { vehicleTypesText } from '../../i18n/catalogueLabels';
import { vi } from '../../i18n/vi';
import { productsText as text } from './productsText';
import styles from './ProductDetailPage.module.css';
import { ProductPrice } from '../../components/ProductPrice';
import { ProductReviews } from '../../reviews';
import { WishlistHeart } from '../../wishlist';
import { MemberPrices } from './MemberPrices';
import { PickupAvailability } from './PickupAvailability';
import { CompatibleVehicles, FitBadge, fitKeyOf, fitQueryOfKey, useChosenVehicle, VehicleChooser } from '../../vehicleFit';

function Product({ product }: { product: ProductDetail }) {
  const [quantityText, setQuantityText] = useState('1');
  const stock = stockLabel(product.stock);
  const images = product.images.length > 0 ? product.images : product.image ? [product.image] : [];
  const maxQuantity = Math.max(1, Math.min(product.stock, 99));
  const parsed = Number.parseInt(quantityText, 10);
  // what the field says, kept between 1 and the stock (an empty field while typing counts as 1)
  const quantity = Number.isFinite(parsed) ? Math.min(Math.max(parsed, 1), maxQuantity) : 1;

  return (
    <article className={styles.product}>
      <nav aria-label={text.breadcrumb} className={styles.breadcrumb}>
        <Link to="/products">{vi.products.title}</Link> /{' '}
        <Link to={`/products?category=${encodeURIComponent(product.category.slug)}`}>{product.category.name}</Link>
      </nav>
      <div className={styles.top}>
        <div className={styles.gallery} role="group" aria-label={text.gallery}>
          {images.map((image, index) => (
            <CatalogueImage
              key={image.url}
              image={image}
              eager={index === 0}
              sizes={index === 0 ? '(max-width: 860px) 100vw, 520px' : '120px'}
              className={index === 0 ? styles.mainImage : styles.thumb}
            />
          ))}
        </div>
        <div className={styles.buy}>
          <p className={styles.brand}>{product.brand.name}</p>
          <h1 className={styles.name}>{product.name}</h1>
          <p className={styles.sku}>
            {text.sku}: {product.sku}
          </p>
          <ProductPrice product={product} classes={styles} />
          <MemberPrices prices={product.memberPrices} />
          <p className={`${styles.stock} ${styles[stock.tone]}`} data-testid="stock">
            {stock.text}
          </p>
          <FitBadge fit={product.fit} />
          <VehicleChooser />
          <PickupAvailability slug={product.slug} />
          <p className={styles.muted}>{text.warranty(product.warrantyMonths)}</p>
          <div className={styles.actions}>
            {product.stock > 0 && (
              <label className={styles.quantity}>
                <span>{text.quantity}</span>
                <input
                  type="number"
                  min={1}
                  max={maxQuantity}
                  inputMode="numeric"
                  value={quantityText}
                  onChange={(event) => setQuantityText(event.target.value.replace(/\D/g, '').slice(0, 2))}
                  onBlur={() => setQuantityText(String(quantity))}
                />
              </label>
            )}
            <AddToCartButton product={product} quantity={quantity} large />
            <WishlistHeart productId={product.id} />
          </div>
          {product.fitments && (product.fitments.length > 0 || product.compatibleModels.length === 0) ? (
            <CompatibleVehicles fitments={product.fitments} headingClassName={styles.subheading} />
          ) : (
            <>
              {/* names not matched to a model (kept from the free-text list) */}
              <h2 className={styles.subheading}>{text.compatible}</h2>
              {product.compatibleModels.length > 0 ? (
                <ul className={styles.models}>
                  {product.compatibleModels.map((model) => (
                    <li key={model}>
                      <Link to={`/products?model=${encodeURIComponent(model)}`}>{model}</Link>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className={styles.muted}>{text.compatibleNone}</p>
              )}
            </>
          )}
          {product.vehicleTypes.length > 0 && (
            <p className={styles.muted}>
              {text.vehicleTypes}: {vehicleTypesText(product.vehicleTypes)}
            </p>
          )}
        </div>
      </div>
      {product.description && (
        <section aria-labelledby="description-heading">
          <h2 id="description-heading" className={styles.subheading}>
            {text.description}
          </h2>
          {product.descriptionHtml !== undefined ? (
            // The API's rendering of the Markdown: raw HTML escaped, unsafe links dropped (catalogueAdmin/productDescription.ts).
            <div className={styles.description} dangerouslySetInnerHTML={{ __html: product.descriptionHtml }} />
          ) : (
            <p className={styles.description}>{product.description}</p>
          )}
        </section>
      )}
      {product.specifications.length > 0 && (
        <section aria-labelledby="specs-heading">
          <h2 id="specs-heading" className={styles.subheading}>
            {text.specifications}
          </h2>
          <table className={styles.specs}>
            <tbody>
              {product.specifications.map((spec) => (
                <tr key={spec.label}>
                  <th scope="row">{spec.label}</th>
                  <td>{spec.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      <ProductReviews key={product.id} product={product} />
    </article>
  );
}

/** One product, addressed by /products/:slug: images, price, stock state, compatible models, specifications, reviews. */
export function ProductDetailPage() {
  const { slug = '' } = useParams();
  // the chosen vehicle: the product's fit is asked for it (the page stays on screen while it is asked again)
  const fitKey = fitKeyOf(useChosenVehicle());
  // an unknown product (404) reads as null
  const readProduct = useCallback(
    (signal: AbortSignal) =>
      (fitKey ? storefrontApi.product(slug, signal, fitQueryOfKey(fitKey)) : storefrontApi.product(slug, signal)).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }),
    [slug, fitKey],
  );
  // another vehicle asks the same product again: it stays on screen meanwhile (another product starts afresh)
  const { state: loaded, reload } = useAsync(readProduct, { start: (shown) => (shown.data && shown.data.slug === slug.toLowerCase() ? 'keep' : 'fresh') });
  const state = loadedOf(loaded);
  const notFound = state.status === 'ready' && state.data === null;
  const product = state.status === 'ready' ? state.data : null;
  const navigate = useNavigate();
  // A renamed product's old address: the API answered with its new one (a permanent redirect): show that address.
  const canonical = product && product.slug !== slug.toLowerCase() ? product.slug : null;
  useEffect(() => {
    if (canonical) void navigate(`/products/${canonical}`, { replace: true });
  }, [canonical, navigate]);
  usePageMeta(product?.name ?? (notFound ? text.notFound : vi.productDetail.title), product ? `${product.name}: ${product.brand.name}, ${formatVnd(product.price)}. ${product.description}`.slice(0, 300) : vi.productDetail.description);

  if (product) return <Product product={product} />;
  if (notFound) {
    return (
      <>
        <h1 className={styles.name}>{text.notFound}</h1>
        <p>{text.notFoundText}</p>
        <Link to="/products">{text.back}</Link>
      </>
    );
  }
  if (state.status === 'failed') {
    return (
      <>
        <h1 className={styles.name}>{vi.productDetail.title}</h1>
        <ErrorState message={state.message} onRetry={() => reload('fresh')} />
        <p>
          <Link to="/products">{text.back}</Link>
        </p>
      </>
    );
  }
  return <Skeleton count={2} />;
}

export default ProductDetailPage;
