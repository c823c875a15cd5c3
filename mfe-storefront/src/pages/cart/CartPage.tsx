import { Link } from 'react-router-dom';
import { Notice } from '../../components/Notice';
import { PageIntro } from '../../components/PageIntro';
import { vi } from '../../i18n/vi';

/** The cart (linked from the header's cart icon). */
export function CartPage() {
  const t = vi.cart;
  return (
    <>
      <PageIntro title={t.title} description={t.description} />
      <Notice>
        <Link to="/products">{t.continueShopping}</Link>
      </Notice>
    </>
  );
}

export default CartPage;
