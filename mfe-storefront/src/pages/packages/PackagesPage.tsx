import { Link } from 'react-router-dom';
import { formatVnd } from 'shared-contracts';
import type { ServicePackage } from 'shared-contracts/schemas';
import { storefrontApi } from '../../api/storefrontApi';
import { addToCart, cartItemOfPackage } from '../../cart/addToCart';
import { Async, Skeleton } from '../../components/Async';
import { PageIntro } from '../../components/PageIntro';
import { loadedOf, useAsync } from '../../hooks/useAsync';
import { useHashScroll } from '../../hooks/useHashScroll';
import { usePageMeta } from '../../hooks/usePageMeta';
import { vehicleTypesText } from '../../i18n/catalogueLabels';
import { vi } from '../../i18n/vi';
import styles from './PackagesPage.module.css';

const text = {
  popular: 'Phổ biến nhất',
  price: 'Giá gói',
  saving: (amount: string) => `Tiết kiệm ${amount} so với đặt lẻ`,
  validity: 'Thời hạn',
  validityValue: (months: number) => `${months} tháng kể từ ngày mua`,
  vehicles: 'Áp dụng cho',
  credits: 'Lượt dịch vụ',
  perks: 'Quyền lợi thêm',
  noPerks: 'Không có',
  book: 'Đặt lịch',
  bookLabel: (name: string) => `Đặt lịch với ${name}`,
  buy: 'Mua gói',
  buyLabel: (name: string) => `Mua gói: ${name}`,
  empty: 'Hiện chưa có gói dịch vụ nào.',
};

function PackageCard({ pkg, current }: { pkg: ServicePackage; current: boolean }) {
  return (
    <section id={pkg.slug} aria-labelledby={`${pkg.slug}-heading`} className={`${styles.card} ${pkg.highlighted ? styles.highlighted : ''} ${current ? styles.current : ''}`}>
      {pkg.highlighted && <p className={styles.badge}>{text.popular}</p>}
      <h2 id={`${pkg.slug}-heading`} className={styles.name}>
        {pkg.name}
      </h2>
      <p className={styles.description}>{pkg.description}</p>
      <dl className={styles.facts}>
        <dt>{text.price}</dt>
        <dd>
          <span className={styles.price}>{formatVnd(pkg.price)}</span>
          {pkg.originalPrice !== null && pkg.originalPrice > pkg.price && (
            <span className={styles.saving}>
              <del>{formatVnd(pkg.originalPrice)}</del> · {text.saving(formatVnd(pkg.originalPrice - pkg.price))}
            </span>
          )}
        </dd>
        <dt>{text.validity}</dt>
        <dd>{text.validityValue(pkg.validityMonths)}</dd>
        <dt>{text.vehicles}</dt>
        <dd>{vehicleTypesText(pkg.vehicleTypes)}</dd>
        <dt>{text.credits}</dt>
        <dd>
          <ul className={styles.list}>
            {pkg.credits.map((credit) => (
              <li key={credit.serviceSlug}>
                {credit.quantity} × {credit.serviceName}
              </li>
            ))}
          </ul>
        </dd>
        <dt>{text.perks}</dt>
        <dd>
          {pkg.perks.length > 0 ? (
            <ul className={styles.list}>
              {pkg.perks.map((perk) => (
                <li key={perk}>{perk}</li>
              ))}
            </ul>
          ) : (
            text.noPerks
          )}
        </dd>
      </dl>
      <div className={styles.actions}>
        <button type="button" className={styles.buy} aria-label={text.buyLabel(pkg.name)} onClick={() => void addToCart(cartItemOfPackage(pkg))}>
          {text.buy}
        </button>
        <Link to={`/booking?package=${encodeURIComponent(pkg.slug)}`} className={styles.book} aria-label={text.bookLabel(pkg.name)}>
          {text.book}
        </Link>
      </div>
    </section>
  );
}

const readPackages = (signal: AbortSignal) => storefrontApi.packages(signal);

/** The service packages side by side (price, validity, credits, perks), each with its booking button. */
export function PackagesPage() {
  usePageMeta(vi.packages.title, vi.packages.description);
  const packages = useAsync(readPackages, {});
  const current = useHashScroll(loadedOf(packages.state).status === 'ready');
  return (
    <>
      <PageIntro title={vi.packages.title} description={vi.packages.description} />
      <Async load={packages} skeleton={<Skeleton count={3} />} isEmpty={(list) => list.length === 0} empty={text.empty}>
        {(packages) => (
          <div className={styles.compare}>
            {packages.map((pkg) => (
              <PackageCard key={pkg.id} pkg={pkg} current={current === pkg.slug} />
            ))}
          </div>
        )}
      </Async>
    </>
  );
}

export default PackagesPage;
