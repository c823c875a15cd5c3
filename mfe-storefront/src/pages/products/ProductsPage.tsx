import { useSearchParams } from 'react-router-dom';
import { Chips } from '../../components/Chips';
import { Notice } from '../../components/Notice';
import { PageIntro } from '../../components/PageIntro';
import { vi } from '../../i18n/vi';
import { findCategory } from './categories';
import styles from './ProductsPage.module.css';

/** Products, optionally narrowed to the category of `?category=` (the header's product menu links there). */
export function ProductsPage() {
  const t = vi.products;
  const [searchParams] = useSearchParams();
  const category = findCategory(searchParams.get('category'));
  return (
    <>
      <PageIntro title={t.title} description={t.description} />
      <Chips
        label={t.categoriesLabel}
        param="category"
        basePath="/products"
        allLabel={t.all}
        options={t.categories}
        selected={category?.slug ?? null}
      />
      <h2 className={styles.current}>{category ? category.name : t.all}</h2>
      <Notice>
        <p>{t.comingSoon}</p>
      </Notice>
    </>
  );
}

export default ProductsPage;
