import type { Promotion } from 'shared-contracts/schemas';
import { describeConditions, describeDiscount, describeRemaining, describeValidity } from '../../format/promotionText';
import styles from './PromotionsPage.module.css';

interface Props {
  promotion: Promotion;
  saved: boolean;
  onToggleSave: () => void;
}

/** One promotion: banner, title, what it gives, code, validity, uses left, conditions, and the save button. */
export function PromotionCard({ promotion, saved, onToggleSave }: Props) {
  return (
    <article className={styles.card} aria-labelledby={`promo-${promotion.id}`}>
      <img src={promotion.image} width={promotion.imageWidth} height={promotion.imageHeight} alt="" loading="lazy" decoding="async" sizes="(max-width: 640px) 100vw, 360px" className={styles.banner} />
      <h3 id={`promo-${promotion.id}`} className={styles.title}>
        {promotion.title}
        {saved && <span className={styles.savedBadge}> Đã lưu</span>}
      </h3>
      <p className={styles.discount}>{describeDiscount(promotion)}</p>
      {promotion.description && <p className={styles.muted}>{promotion.description}</p>}
      <p>
        Mã: <strong className={styles.code}>{promotion.code}</strong>
      </p>
      <ul className={styles.terms}>
        <li>{describeValidity(promotion.validTo)}</li>
        <li>{describeRemaining(promotion)}</li>
        {describeConditions(promotion).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <button type="button" className={saved ? styles.unsave : styles.save} aria-pressed={saved} aria-label={`${saved ? 'Bỏ lưu' : 'Lưu'} mã ${promotion.code}`} onClick={onToggleSave}>
        {saved ? 'Bỏ lưu' : 'Lưu'}
      </button>
    </article>
  );
}
