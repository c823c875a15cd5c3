import { useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PackageCatalogue } from './PackageCatalogue';
import { ProductCatalogue } from './ProductCatalogue';
import { promotionText as t } from './promotionAdminText';
import { PromotionCatalogue } from './PromotionCatalogue';
import { ServiceCatalogue } from './ServiceCatalogue';
import { serviceText } from './serviceAdminText';
import { TaxonomyCatalogue } from './TaxonomyCatalogue';
import styles from './CatalogueAdmin.module.css';

type Tab = 'products' | 'services' | 'packages' | 'promotions' | 'taxonomy';
const TABS: Tab[] = ['products', 'services', 'packages', 'promotions', 'taxonomy'];
const TAB_TEXT: Record<Tab, string> = { ...t.tabs, ...serviceText.tabs };

const tabOf = (value: string | null): Tab => TABS.find((name) => name === value) ?? 'products';

/**
 * The catalogue page's sections: products, services, packages, promotions, categories and brands. The tab shown is
 * the URL's `?tab=` (products by default), so an item page's back link, a reload and a shared link open it again;
 * another tab starts without the last one's filters.
 */
export function CatalogueTabs({ readOnly }: { readOnly: boolean }) {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const setTab = (name: Tab) => setParams(name === 'products' ? {} : { tab: name });
  return (
    <>
      <div role="tablist" aria-label={t.tabs.label} className={styles.toolbar}>
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`${id}-${name}`}
            aria-selected={tab === name}
            aria-controls={`${id}-${name}-panel`}
            className={tab === name ? styles.primary : styles.secondary}
            onClick={() => setTab(name)}
          >
            {TAB_TEXT[name]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-${tab}-panel`} aria-labelledby={`${id}-${tab}`}>
        {tab === 'products' && <ProductCatalogue readOnly={readOnly} />}
        {tab === 'services' && <ServiceCatalogue readOnly={readOnly} />}
        {tab === 'packages' && <PackageCatalogue readOnly={readOnly} />}
        {tab === 'promotions' && <PromotionCatalogue readOnly={readOnly} />}
        {tab === 'taxonomy' && <TaxonomyCatalogue readOnly={readOnly} />}
      </div>
    </>
  );
}
