import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { formatDate, formatDateTime, formatVnd } from 'shared-contracts';
import type { StaffCustomerDetail } from 'shared-contracts/schemas';
import { useSessionRole } from '../hooks/useSessionRole';
import { serviceOrderLink } from '../layout/links';
import { CustomerLoyaltyPanel } from '../loyalty';
import { frontDeskText, SHOP_ORDER_STATUS_LABELS } from './frontDeskText';
import styles from './FrontDesk.module.css';

const t = frontDeskText.customers;
const km = (value: number) => `${value.toLocaleString('vi-VN')} km`;

/**
 * A customer's record, read-only: vehicles, appointments, service orders, shop orders, maintenance records. A
 * customer of another centre (found by their exact phone or plate, for a walk-in) comes with name, phone and
 * vehicles only, and says so.
 */
export function CustomerDetailView({ customer }: { customer: StaffCustomerDetail }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [customer.id]);
  const full = customer.access === 'full' ? customer : null;
  // Points are the manager's and the admin's to see and adjust (customers belong to no centre).
  const role = useSessionRole();
  const seesPoints = role === 'manager' || role === 'admin';

  return (
    <article aria-labelledby="customer-detail-heading">
      <h2 id="customer-detail-heading" ref={heading} tabIndex={-1} style={{ marginTop: 16 }}>
        {customer.fullName}
      </h2>
      <p>
        {[customer.phone, full?.email].filter(Boolean).join(' · ')}
        <br />
        <span className={`${styles.muted} ${styles.small}`}>{t.readOnly}</span>
      </p>
      {!full && (
        <p role="note" className={styles.hint}>
          {t.walkInOnly}
        </p>
      )}

      <section className={styles.section} aria-labelledby="customer-vehicles">
        <h3 id="customer-vehicles">{t.vehicles}</h3>
        {customer.vehicles.length === 0 ? (
          <p>{t.noVehicles}</p>
        ) : (
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t.plates}</th>
                <th scope="col">{t.model}</th>
                <th scope="col">{t.year}</th>
                <th scope="col" className={styles.numeric}>
                  {t.odometer}
                </th>
              </tr>
            </thead>
            <tbody>
              {customer.vehicles.map((vehicle) => (
                <tr key={vehicle.id}>
                  <th scope="row">{vehicle.licensePlate}</th>
                  <td>
                    {vehicle.brand} {vehicle.model}
                  </td>
                  <td>{vehicle.year}</td>
                  <td className={styles.numeric}>{km(vehicle.odometerKm)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      {seesPoints && <CustomerLoyaltyPanel userId={customer.id} />}

      {full && (
        <>
          <section className={styles.section} aria-labelledby="customer-appointments">
            <h3 id="customer-appointments">{t.appointments}</h3>
            {full.appointments.length === 0 ? (
              <p>{t.noAppointments}</p>
            ) : (
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">{t.code}</th>
                    <th scope="col">{t.time}</th>
                    <th scope="col">{t.centre}</th>
                    <th scope="col">{t.status}</th>
                  </tr>
                </thead>
                <tbody>
                  {full.appointments.map((appointment) => (
                    <tr key={appointment.id}>
                      <th scope="row">{appointment.code}</th>
                      <td>
                        <time dateTime={appointment.start}>{formatDateTime(appointment.start)}</time>
                      </td>
                      <td>{appointment.centreName}</td>
                      <td>{appointment.statusLabel}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>

          <section className={styles.section} aria-labelledby="customer-orders">
            <h3 id="customer-orders">{t.serviceOrders}</h3>
            {full.serviceOrders.length === 0 ? (
              <p>{t.noServiceOrders}</p>
            ) : (
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">{t.code}</th>
                    <th scope="col">{t.plates}</th>
                    <th scope="col">{t.time}</th>
                    <th scope="col">{t.status}</th>
                  </tr>
                </thead>
                <tbody>
                  {full.serviceOrders.map((order) => (
                    <tr key={order.id}>
                      <th scope="row">
                        <Link className={styles.link} to={serviceOrderLink(order.id)}>
                          {order.code}
                        </Link>
                      </th>
                      <td>{order.licensePlate}</td>
                      <td>
                        <time dateTime={order.openedAt}>{formatDateTime(order.openedAt)}</time>
                      </td>
                      <td>{order.statusLabel}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>

          <section className={styles.section} aria-labelledby="customer-shop-orders">
            <h3 id="customer-shop-orders">{t.orders}</h3>
            {full.orders.length === 0 ? (
              <p>{t.noOrders}</p>
            ) : (
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">{t.code}</th>
                    <th scope="col">{t.date}</th>
                    <th scope="col">{t.status}</th>
                    <th scope="col" className={styles.numeric}>
                      {t.total}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {full.orders.map((order) => (
                    <tr key={order.code}>
                      <th scope="row">{order.code}</th>
                      <td>
                        <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
                      </td>
                      <td>{SHOP_ORDER_STATUS_LABELS[order.status] ?? order.status}</td>
                      <td className={styles.numeric}>{formatVnd(order.total)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>

          <section className={styles.section} aria-labelledby="customer-records">
            <h3 id="customer-records">{t.records}</h3>
            {full.maintenanceRecords.length === 0 ? (
              <p>{t.noRecords}</p>
            ) : (
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">{t.date}</th>
                    <th scope="col">{t.plates}</th>
                    <th scope="col">{t.servicesDone}</th>
                    <th scope="col" className={styles.numeric}>
                      {t.cost}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {full.maintenanceRecords.map((record) => (
                    <tr key={record.id}>
                      <th scope="row">
                        <time dateTime={record.servicedAt}>{formatDate(record.servicedAt)}</time>
                      </th>
                      <td>{record.licensePlate}</td>
                      <td>{record.services.join(', ')}</td>
                      <td className={styles.numeric}>{formatVnd(record.cost)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        </>
      )}
    </article>
  );
}
