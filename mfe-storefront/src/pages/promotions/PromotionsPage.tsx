import { useSearchParams } from 'react-router-dom';
import { Chips } from '../../components/Chips';
import { Notice } from '../../components/Notice';
import { PageIntro } from '../../components/PageIntro';
import { vi } from '../../i18n/vi';
import { findPromotionType } from './promotionTypes';
import styles from './PromotionsPage.module.css';

/** Promotions, optionally narrowed to the type of `?type=` (the header's promotions menu links there). */
export function PromotionsPage() {
  const t = vi.promotions;
  const [searchParams] = useSearchParams();
  const type = findPromotionType(searchParams.get('type'));
  return (
    <>
      <PageIntro title={t.title} description={t.description} />
      <Chips label={t.typesLabel} param="type" basePath="/promotions" allLabel={t.all} options={t.types} selected={type?.slug ?? null} />
      <h2 className={styles.current}>{type ? type.name : t.all}</h2>
      <Notice>
        <p>{t.comingSoon}</p>
      </Notice>
    </>
  );
}

export default PromotionsPage;
