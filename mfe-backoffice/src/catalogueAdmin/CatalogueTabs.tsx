import { useId, useState } from 'react';
import { ProductCatalogue } from './ProductCatalogue';
import { promotionText as t } from './promotionAdminText';
import { PromotionCatalogue } from './PromotionCatalogue';
import { TaxonomyCatalogue } from './TaxonomyCatalogue';
import styles from './CatalogueAdmin.module.css';

type Tab = 'products' | 'promotions' | 'taxonomy';
const TABS: Tab[] = ['products', 'promotions', 'taxonomy'];

/** The catalogue page's sections: products, promotions, categories and brands. */
export function CatalogueTabs({ readOnly }: { readOnly: boolean }) {
  const id = useId();
  const [tab, setTab] = useState<Tab>('products');
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
            {t.tabs[name]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-${tab}-panel`} aria-labelledby={`${id}-${tab}`}>
        {tab === 'products' && <ProductCatalogue readOnly={readOnly} />}
        {tab === 'promotions' && <PromotionCatalogue readOnly={readOnly} />}
        {tab === 'taxonomy' && <TaxonomyCatalogue readOnly={readOnly} />}
      </div>
    </>
  );
}
