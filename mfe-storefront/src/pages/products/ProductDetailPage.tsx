import { Link } from 'react-router-dom';
import { Notice } from '../../components/Notice';
import { PageIntro } from '../../components/PageIntro';
import { vi } from '../../i18n/vi';

/** One product, addressed by /products/:slug. */
export function ProductDetailPage() {
  const t = vi.productDetail;
  return (
    <>
      <PageIntro title={t.title} description={t.description} />
      <Notice>
        <p>{t.comingSoon}</p>
        <Link to="/products">{t.back}</Link>
      </Notice>
    </>
  );
}

export default ProductDetailPage;
