import { Link } from 'react-router-dom';
import { formatVnd } from 'shared-contracts';
import type { Service, ServiceKind, ServiceTier } from 'shared-contracts/schemas';
import { storefrontApi } from '../../api/storefrontApi';
import { Async, Skeleton } from '../../components/Async';
import { PageIntro } from '../../components/PageIntro';
import { loadedOf, useAsync } from '../../hooks/useAsync';
import { useHashScroll } from '../../hooks/useHashScroll';
import { usePageMeta } from '../../hooks/usePageMeta';
import { SERVICE_KIND_LABELS, SERVICE_TIER_LABELS, vehicleTypesText } from '../../i18n/catalogueLabels';
import { vi } from '../../i18n/vi';
import { servicesText as text } from './servicesText';
import styles from './ServicesPage.module.css';

const TIERS: readonly ServiceTier[] = ['co-ban', 'nang-cao', 'cao-cap'];
const FEATURE_IDS = new Set<string>(text.features.map((feature) => feature.id));

interface Group {
  id: string;
  name: string;
  intro?: string;
  services: Service[];
}

/** The maintenance tiers (always, in order), then the other services grouped by kind (in the API's order). */
export function groupServices(services: readonly Service[]): Group[] {
  const groups: Group[] = TIERS.map((tier) => ({
    id: tier,
    name: SERVICE_TIER_LABELS[tier],
    intro: text.tiersIntro[tier],
    services: services.filter((service) => service.tier === tier),
  }));
  const byKind = new Map<ServiceKind, Service[]>();
  for (const service of services) {
    if (service.tier !== null || FEATURE_IDS.has(service.slug)) continue;
    byKind.set(service.kind, [...(byKind.get(service.kind) ?? []), service]);
  }
  for (const [kind, list] of byKind) {
    groups.push({ id: `loai-${kind}`, name: text.otherHeading(SERVICE_KIND_LABELS[kind]), services: list });
  }
  return groups;
}

function ServiceDetails({ service }: { service: Service }) {
  return (
    <>
      <p className={styles.summary}>{service.summary}</p>
      {service.description.trim() !== '' && <p className={styles.description}>{service.description}</p>}
      {service.includes.length > 0 && (
        <>
          <p className={styles.label}>{text.includes}</p>
          <ul className={styles.includes}>
            {service.includes.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </>
      )}
      <dl className={styles.facts}>
        <div>
          <dt>{text.price}</dt>
          <dd className={styles.price}>{formatVnd(service.price)}</dd>
        </div>
        <div>
          <dt>{text.duration}</dt>
          <dd>{vi.common.minutes(service.durationMinutes)}</dd>
        </div>
        <div>
          <dt>{text.vehicles}</dt>
          <dd>{vehicleTypesText(service.vehicleTypes)}</dd>
        </div>
      </dl>
      <Link to={`/booking?service=${encodeURIComponent(service.slug)}`} className={styles.book} aria-label={text.bookLabel(service.name)}>
        {text.book}
      </Link>
    </>
  );
}

function ServiceCard({ service, reserved }: { service: Service; reserved: Set<string> }) {
  // the card is the target of search results (/services#<slug>) unless a section already has that id
  const id = reserved.has(service.slug) ? undefined : service.slug;
  return (
    <article id={id} className={styles.service} aria-labelledby={`service-${service.slug}`}>
      <h3 id={`service-${service.slug}`} className={styles.serviceName}>
        {service.name}
      </h3>
      <ServiceDetails service={service} />
    </article>
  );
}

const readServices = (signal: AbortSignal) => storefrontApi.services(signal);

/** Services from the API grouped by tier and kind, plus the feature sections the header's mega menu links to. */
export function ServicesPage() {
  usePageMeta(vi.services.title, vi.services.description);
  const services = useAsync(readServices, {});
  const current = useHashScroll(loadedOf(services.state).status !== 'loading');

  return (
    <>
      <PageIntro title={vi.services.title} description={vi.services.description} />
      <Async load={services} skeleton={<Skeleton count={6} />}>
        {(services) => {
          const groups = groupServices(services);
          const reserved = new Set([...groups.map((group) => group.id), ...FEATURE_IDS]);
          return (
            <>
              <nav aria-label={text.contentsLabel} className={styles.contents}>
                <ul>
                  {[...groups, ...text.features].map((entry) => (
                    <li key={entry.id}>
                      <a href={`#${entry.id}`}>{entry.name}</a>
                    </li>
                  ))}
                </ul>
              </nav>
              {groups.map((group) => (
                <section key={group.id} id={group.id} aria-labelledby={`${group.id}-heading`} className={`${styles.group} ${current === group.id ? styles.current : ''}`}>
                  <h2 id={`${group.id}-heading`} className={styles.groupName}>
                    {group.name}
                  </h2>
                  {group.intro && <p className={styles.intro}>{group.intro}</p>}
                  {group.services.length === 0 ? (
                    <p className={styles.intro}>{text.noServices}</p>
                  ) : (
                    <div className={styles.grid}>
                      {group.services.map((service) => (
                        <ServiceCard key={service.id} service={service} reserved={reserved} />
                      ))}
                    </div>
                  )}
                </section>
              ))}
              {text.features.map((feature) => {
                const own = services.find((service) => service.slug === feature.id);
                const related = feature.relatedKind ? services.filter((service) => service.kind === feature.relatedKind && service.slug !== feature.id) : [];
                return (
                  <section key={feature.id} id={feature.id} aria-labelledby={`${feature.id}-heading`} className={`${styles.group} ${current === feature.id ? styles.current : ''}`}>
                    <h2 id={`${feature.id}-heading`} className={styles.groupName}>
                      {feature.name} {!own && !feature.live && <span className={styles.badge}>{text.featureBadge}</span>}
                    </h2>
                    <p className={styles.intro}>{feature.today}</p>
                    <p className={styles.intro}>{feature.notYet}</p>
                    {feature.live && (
                      <p className={styles.intro}>
                        <Link to={feature.live.to}>{feature.live.label}</Link>
                      </p>
                    )}
                    {own && (
                      <div className={styles.service}>
                        <ServiceDetails service={own} />
                      </div>
                    )}
                    {related.length > 0 && (
                      <>
                        <h3 className={styles.relatedHeading}>{text.relatedHeading}</h3>
                        <ul className={styles.related}>
                          {related.map((service) => (
                            <li key={service.id}>
                              <Link to={`/booking?service=${encodeURIComponent(service.slug)}`}>{text.bookLabel(service.name)}</Link> — {formatVnd(service.price)}
                            </li>
                          ))}
                        </ul>
                      </>
                    )}
                  </section>
                );
              })}
              <p>
                <Link to="/booking" className={styles.book}>
                  {text.manageBookings}
                </Link>
              </p>
            </>
          );
        }}
      </Async>
    </>
  );
}

export default ServicesPage;
