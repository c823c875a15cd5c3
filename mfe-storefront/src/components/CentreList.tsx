import type { ServiceCentre } from 'shared-contracts/schemas';
import { storefrontApi } from '../api/storefrontApi';
import { useAsync } from '../hooks/useAsync';
import { Async, Skeleton } from './Async';
import styles from './CentreList.module.css';

const text = {
  empty: 'Chưa có thông tin trung tâm.',
  phone: 'Điện thoại',
  email: 'Email',
  hours: 'Giờ mở cửa',
  bays: (count: number) => `${count} khoang dịch vụ`,
};

/** 'tel:' link target of a displayed phone number ('028 3812 3456' → 02838123456). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

function Centre({ centre, headingLevel }: { centre: ServiceCentre; headingLevel: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <li className={styles.centre}>
      <Heading className={styles.name}>{centre.name}</Heading>
      <address className={styles.address}>
        <span>{centre.address}</span>
        <span>
          {text.phone}: <a href={telHref(centre.phone)}>{centre.phone}</a>
        </span>
        <span>
          {text.email}: <a href={`mailto:${centre.email}`}>{centre.email}</a>
        </span>
      </address>
      <p className={styles.hours}>
        {text.hours}: {centre.openTime} – {centre.closeTime} · {text.bays(centre.serviceBays)}
      </p>
    </li>
  );
}

const readCentres = (signal: AbortSignal) => storefrontApi.centres(signal);

/** The service centres from GET /api/centres: address, phone, email, opening hours. */
export function CentreList({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const centres = useAsync(readCentres, {});
  return (
    <Async load={centres} skeleton={<Skeleton count={3} variant="line" />} isEmpty={(list) => list.length === 0} empty={text.empty}>
      {(centres) => (
        <ul className={styles.list}>
          {centres.map((centre) => (
            <Centre key={centre.id} centre={centre} headingLevel={headingLevel} />
          ))}
        </ul>
      )}
    </Async>
  );
}
