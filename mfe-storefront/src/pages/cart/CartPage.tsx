import { Link } from 'react-router-dom';
import { Notice } from '../../components/Notice';
import { PageIntro } from '../../components/PageIntro';
import { usePageMeta } from '../../hooks/usePageMeta';
import { vi } from '../../i18n/vi';

const text = { continueShopping: 'Tiếp tục mua sắm' };

/** The cart (linked from the header's cart icon; the cart itself is another issue). */
export function CartPage() {
  const t = vi.cart;
  usePageMeta(t.title, t.description);
  return (
    <>
      <PageIntro title={t.title} description={t.description} />
      <Notice>
        <Link to="/products">{text.continueShopping}</Link>
      </Notice>
    </>
  );
}

export default CartPage;
