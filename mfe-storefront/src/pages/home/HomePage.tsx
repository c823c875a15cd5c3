import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatVnd } from 'shared-contracts';
import type { Service } from 'shared-contracts/schemas';
import { storefrontApi } from '../../api/storefrontApi';
import { Async, Skeleton } from '../../components/Async';
import { ProductCard } from '../../components/ProductCard';
import buttons from '../../components/buttons.module.css';
import { describeDiscount, describeValidity } from '../../format/promotionText';
import { useAsync } from '../../hooks/useAsync';
import { usePageMeta } from '../../hooks/usePageMeta';
import { vi } from '../../i18n/vi';
import heroImage from './hero.svg';
import styles from './HomePage.module.css';

const t = vi.home;

/** The services the home page puts forward: the three maintenance tiers first, then the others. */
export function featuredServices(services: readonly Service[], count = 4): Service[] {
  const tiered = services.filter((service) => service.tier !== null);
  const others = services.filter((service) => service.tier === null);
  return [...tiered, ...others].slice(0, count);
}

function Section({ id, heading, more, children }: { id: string; heading: string; more?: { to: string; label: string }; children: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <div className={styles.sectionHead}>
        <h2 id={id} className={styles.sectionTitle}>
          {heading}
        </h2>
        {more && (
          <Link to={more.to} className={styles.more}>
            {more.label}
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}

const readServices = (signal: AbortSignal) => storefrontApi.services(signal);
const readBestSellers = (signal: AbortSignal) => storefrontApi.products({ sort: 'popular', pageSize: 4 }, signal);
const readPromotions = (signal: AbortSignal) => storefrontApi.promotions(signal);
const readPackages = (signal: AbortSignal) => storefrontApi.packages(signal);
const readCentres = (signal: AbortSignal) => storefrontApi.centres(signal);

function FeaturedServices() {
  const load = useAsync(readServices, {});
  return (
    <Section id="home-services" heading={t.servicesHeading} more={{ to: '/services', label: t.servicesAll }}>
      <Async load={load} skeleton={<Skeleton count={4} />} isEmpty={(list) => list.length === 0}>
        {(services) => (
          <ul className={styles.grid}>
            {featuredServices(services).map((service) => (
              <li key={service.id} className={styles.card}>
                <h3 className={styles.cardTitle}>{service.name}</h3>
                <p className={styles.muted}>{service.summary}</p>
                <p className={styles.price}>
                  {formatVnd(service.price)} <span className={styles.muted}>· {vi.common.minutes(service.durationMinutes)}</span>
                </p>
                <Link to={`/booking?service=${encodeURIComponent(service.slug)}`} className={styles.cardLink} aria-label={`${vi.common.book}: ${service.name}`}>
                  {vi.common.book}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Async>
    </Section>
  );
}

function BestSellers() {
  const load = useAsync(readBestSellers, {});
  return (
    <Section id="home-products" heading={t.productsHeading} more={{ to: '/products?sort=popular', label: t.productsAll }}>
      <Async load={load} skeleton={<Skeleton count={4} />} isEmpty={(page) => page.items.length === 0} empty={t.productsEmpty}>
        {(page) => (
          <ul className={styles.grid}>
            {page.items.map((product) => (
              <li key={product.id}>
                <ProductCard product={product} />
              </li>
            ))}
          </ul>
        )}
      </Async>
    </Section>
  );
}

function LivePromotions() {
  const load = useAsync(readPromotions, {});
  return (
    <Section id="home-promotions" heading={t.promotionsHeading} more={{ to: '/promotions', label: t.promotionsAll }}>
      <Async load={load} skeleton={<Skeleton count={3} variant="line" />} isEmpty={(list) => list.length === 0} empty={t.promotionsEmpty}>
        {(promotions) => (
          <ul className={styles.grid}>
            {promotions.slice(0, 3).map((promotion) => (
              <li key={promotion.id} className={`${styles.card} ${styles.promo}`}>
                <h3 className={styles.cardTitle}>{promotion.title}</h3>
                <p>{describeDiscount(promotion)}</p>
                <p className={styles.muted}>
                  Mã <strong className={styles.code}>{promotion.code}</strong> · {describeValidity(promotion.validTo)}
                </p>
              </li>
            ))}
          </ul>
        )}
      </Async>
    </Section>
  );
}

function Packages() {
  const load = useAsync(readPackages, {});
  return (
    <Section id="home-packages" heading={t.packagesHeading} more={{ to: '/packages', label: t.packagesAll }}>
      <Async load={load} skeleton={<Skeleton count={3} variant="line" />} isEmpty={(list) => list.length === 0}>
        {(packages) => (
          <ul className={styles.grid}>
            {packages.map((pkg) => (
              <li key={pkg.id} className={`${styles.card} ${pkg.highlighted ? styles.highlighted : ''}`}>
                <h3 className={styles.cardTitle}>{pkg.name}</h3>
                <p className={styles.price}>{formatVnd(pkg.price)}</p>
                <p className={styles.muted}>Hiệu lực {pkg.validityMonths} tháng</p>
                <Link to={`/packages#${pkg.slug}`} className={styles.cardLink} aria-label={`Xem chi tiết ${pkg.name}`}>
                  Xem chi tiết
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Async>
    </Section>
  );
}

function Centres() {
  const load = useAsync(readCentres, {});
  return (
    <Section id="home-centres" heading={t.centresHeading} more={{ to: '/about', label: t.centresAbout }}>
      <Async load={load} skeleton={<Skeleton count={3} variant="line" />} isEmpty={(list) => list.length === 0} empty={t.centresEmpty}>
        {(centres) => (
          <ul className={styles.grid}>
            {centres.map((centre) => (
              <li key={centre.id} className={styles.card}>
                <h3 className={styles.cardTitle}>{centre.name}</h3>
                <address className={styles.address}>
                  {centre.address}
                  <br />
                  <a href={`tel:${centre.phone.replace(/[^\d+]/g, '')}`}>{centre.phone}</a>
                </address>
                <p className={styles.muted}>{t.openingHours(centre.openTime, centre.closeTime)}</p>
              </li>
            ))}
          </ul>
        )}
      </Async>
    </Section>
  );
}

/** Home: the hero with 'Đặt chỗ ngay', then services, best sellers, promotions, packages and centres from the API. */
export function HomePage() {
  usePageMeta(t.title, t.description);
  return (
    <div className={styles.home}>
      <section className={styles.hero} aria-labelledby="home-title">
        <div className={styles.heroText}>
          <h1 id="home-title" className={styles.eyebrow}>
            {t.title}
          </h1>
          <p className={styles.title}>{t.heroTitle}</p>
          <p className={styles.lead}>{t.heroLead}</p>
          <div className={styles.actions}>
            <Link to="/booking" className={buttons.primary}>
              {t.bookCta}
            </Link>
            <Link to="/services" className={buttons.secondary}>
              {t.servicesCta}
            </Link>
            <Link to="/products" className={buttons.secondary}>
              {t.productsCta}
            </Link>
          </div>
        </div>
        <img src={heroImage} width={480} height={320} alt="" className={styles.heroImage} fetchPriority="high" />
      </section>
      <FeaturedServices />
      <BestSellers />
      <LivePromotions />
      <Packages />
      <Centres />
    </div>
  );
}

export default HomePage;
