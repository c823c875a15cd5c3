import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatDate, formatVnd } from 'shared-contracts';
import type { CustomerPackageCredit, LoyaltySummary, OrderSummary, SavedPromotion, Vehicle } from 'shared-contracts/schemas';
import { MaintenanceForecast } from '../../maintenanceForecast/MaintenanceForecast';
import { orderItemsText } from '../../orderSummary/orderItemsText';
import type { Loaded } from '../../hooks/useAsync';
import { LoadFailure } from '../../service/LoadFailure';
import { loyaltyText } from '../loyalty/loyaltyText';
import { tierText } from '../loyalty/tierText';
import { NextMaintenance } from '../vehicles/NextMaintenance';
import { dashboardText as t } from './dashboardText';
import styles from './DashboardPage.module.css';

interface SectionProps<T> {
  state: Loaded<T>;
  onRetry: () => void;
}

function Card({ id, title, link, children }: { id: string; title: string; link?: { to: string; label: string }; children: ReactNode }) {
  return (
    <section className={styles.card} aria-labelledby={id}>
      <div className={styles.cardHead}>
        <h2 id={id} className={styles.cardTitle}>
          {title}
        </h2>
        {link && (
          <Link to={link.to} className={styles.more}>
            {link.label}
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}

function Loading({ text }: { text: string }) {
  return <p className={styles.muted}>{text}</p>;
}

/** The customer's vehicles with their next due maintenance and their "Dự đoán bảo dưỡng" (compact). */
export function VehiclesSection({ state, onRetry }: SectionProps<Vehicle[]>) {
  return (
    <Card id="dashboard-vehicles" title={t.vehicles.heading} link={{ to: '/my-vehicles', label: t.vehicles.manage }}>
      {state.status === 'loading' && <Loading text={t.vehicles.loading} />}
      {state.status === 'failed' && <LoadFailure message={state.message} onRetry={onRetry} />}
      {state.status === 'ready' &&
        (state.data.length === 0 ? (
          <p className={styles.muted}>
            {t.vehicles.empty} <Link to="/my-vehicles">{t.vehicles.add}</Link>
          </p>
        ) : (
          <ul className={styles.items}>
            {state.data.map((vehicle) => (
              <li key={vehicle.id} className={styles.item}>
                <p className={styles.itemTitle}>
                  {vehicle.licensePlate} · {vehicle.brand} {vehicle.model}
                </p>
                <NextMaintenance reminder={vehicle.nextMaintenance} plate={vehicle.licensePlate} />
                <MaintenanceForecast vehicle={vehicle} variant="compact" />
              </li>
            ))}
          </ul>
        ))}
      <Link to="/maintenance-history" className={styles.more}>
        {t.history}
      </Link>
    </Card>
  );
}

/** Orders not completed or cancelled; the whole section is left out while the shop's API does not exist (null). */
export function OrdersSection({ state, onRetry }: SectionProps<OrderSummary[] | null>) {
  if (state.status === 'ready' && state.data === null) return null;
  return (
    <Card id="dashboard-orders" title={t.orders.heading} link={{ to: '/orders', label: t.orders.all }}>
      {state.status === 'loading' && <Loading text={t.orders.loading} />}
      {state.status === 'failed' && <LoadFailure message={state.message} onRetry={onRetry} />}
      {state.status === 'ready' &&
        state.data &&
        (state.data.length === 0 ? (
          <p className={styles.muted}>{t.orders.empty}</p>
        ) : (
          <ul className={styles.items}>
            {state.data.map((order) => (
              <li key={order.code} className={styles.item}>
                <Link to={`/orders/${encodeURIComponent(order.code)}`} className={styles.itemTitle}>
                  {t.orders.order(order.code)}
                </Link>
                <p className={styles.muted}>
                  {orderItemsText(order)} · {formatVnd(order.total)} · {formatDate(order.createdAt)}
                </p>
                <span className={styles.badge}>{order.statusLabel}</span>
              </li>
            ))}
          </ul>
        ))}
    </Card>
  );
}

/** What is left of the packages bought; left out while the shop's API does not exist (null). */
export function CreditsSection({ state, onRetry }: SectionProps<CustomerPackageCredit[] | null>) {
  if (state.status === 'ready' && state.data === null) return null;
  return (
    <Card id="dashboard-credits" title={t.credits.heading} link={{ to: '/packages', label: t.credits.browse }}>
      {state.status === 'loading' && <Loading text={t.credits.loading} />}
      {state.status === 'failed' && <LoadFailure message={state.message} onRetry={onRetry} />}
      {state.status === 'ready' &&
        state.data &&
        (state.data.length === 0 ? (
          <p className={styles.muted}>{t.credits.empty}</p>
        ) : (
          <ul className={styles.items}>
            {state.data.map((credit) => (
              <li key={credit.id} className={styles.item}>
                <p className={styles.itemTitle}>{t.credits.item(credit.packageName, credit.serviceName)}</p>
                <p className={styles.muted}>{t.credits.left(credit.remaining, credit.total, formatDate(credit.expiresAt))}</p>
                <Link to={`/booking?packageCredit=${credit.id}`}>{t.credits.use}</Link>
              </li>
            ))}
          </ul>
        ))}
    </Card>
  );
}

/** The promotions the customer saved on /promotions. */
export function PromotionsSection({ state, onRetry }: SectionProps<SavedPromotion[]>) {
  return (
    <Card id="dashboard-promotions" title={t.promotions.heading} link={{ to: '/promotions', label: t.promotions.browse }}>
      {state.status === 'loading' && <Loading text={t.promotions.loading} />}
      {state.status === 'failed' && <LoadFailure message={state.message} onRetry={onRetry} />}
      {state.status === 'ready' &&
        (state.data.length === 0 ? (
          <p className={styles.muted}>{t.promotions.empty}</p>
        ) : (
          <ul className={styles.items}>
            {state.data.map((promotion) => (
              <li key={promotion.id} className={styles.item}>
                <p className={styles.itemTitle}>
                  <span className={styles.promoCode}>{promotion.code}</span> {promotion.title}
                </p>
                <p className={styles.muted}>{t.promotions.validTo(formatDate(promotion.validTo))}</p>
              </li>
            ))}
          </ul>
        ))}
    </Card>
  );
}

/**
 * 'Điểm thưởng': the balance (with its worth, or the debt a refund left) and the lot that expires first, leading to
 * /loyalty; left out while the API has no points to offer (null).
 */
export function LoyaltySection({ state, onRetry }: SectionProps<LoyaltySummary | null>) {
  if (state.status === 'ready' && state.data === null) return null;
  const c = loyaltyText.card;
  return (
    <Card id="dashboard-loyalty" title={c.heading} link={{ to: '/loyalty', label: c.details }}>
      {state.status === 'loading' && <Loading text={c.loading} />}
      {state.status === 'failed' && <LoadFailure message={state.message} onRetry={onRetry} />}
      {state.status === 'ready' && state.data && <LoyaltyFigures summary={state.data} />}
    </Card>
  );
}

function LoyaltyFigures({ summary }: { summary: LoyaltySummary }) {
  const { balance, balanceValue, expiring, history } = summary;
  const c = loyaltyText.card;
  const tier = (
    <p className={styles.muted} data-testid="dashboard-loyalty-tier">
      {tierText.tier(summary.tier.label)}
    </p>
  );
  if (balance === 0 && history.length === 0)
    return (
      <div className={styles.items}>
        <p className={styles.muted}>{c.empty}</p>
        {tier}
      </div>
    );
  const next = expiring[0];
  return (
    <div className={styles.items}>
      {tier}
      <p className={styles.itemTitle} data-testid="dashboard-loyalty-balance">
        {balance < 0 ? loyaltyText.points(balance) : loyaltyText.balance(balance, balanceValue)}
      </p>
      {balance < 0 && <p className={styles.muted}>{c.owed(balance)}</p>}
      <p className={styles.muted}>{next ? c.nextExpiry(next.points, next.expiresAt) : c.noExpiry}</p>
    </div>
  );
}
