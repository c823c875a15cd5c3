import { useCallback, useEffect, useState } from 'react';
import { Provider, useDispatch, useSelector } from 'react-redux';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { sessionStore } from 'shared-contracts';
import type { Promotion, PromotionKind } from 'shared-contracts/schemas';
import { storefrontApi } from '../../api/storefrontApi';
import { Async, Skeleton } from '../../components/Async';
import { PageIntro } from '../../components/PageIntro';
import { useAsync } from '../../hooks/useAsync';
import { usePageMeta } from '../../hooks/usePageMeta';
import { PROMOTION_KIND_LABELS } from '../../i18n/catalogueLabels';
import { vi } from '../../i18n/vi';
import { PromotionCard } from './PromotionCard';
import { setAvailablePromotions } from './promoSlice';
import { loadSavedPromotions, loginRedirectFor, promoStore, savePromotion, unsavePromotion, type PromoRootState } from './promoStore';
import styles from './PromotionsPage.module.css';

const text = {
  kindsLabel: 'Loại ưu đãi',
  all: 'Tất cả ưu đãi',
  kindEmpty: (kind: string) => `Hiện chưa có chương trình ${kind.toLowerCase()} nào. Hãy quay lại sau nhé.`,
  empty: 'Hiện chưa có chương trình ưu đãi nào.',
  savedHeading: 'Ưu đãi đã lưu',
  savedEmpty: 'Bạn chưa lưu ưu đãi nào. Nhấn “Lưu” trên một ưu đãi để giữ lại mã.',
  guestHint: 'Đăng nhập để lưu ưu đãi và dùng lại khi thanh toán.',
  login: 'Đăng nhập',
};

/** Sections in this order; the header's Ưu đãi entries link ?type=flash-sale|vip|seasonal. */
const KINDS: readonly PromotionKind[] = ['flash-sale', 'vip', 'seasonal', 'general'];

function readKind(value: string | null): PromotionKind | null {
  return KINDS.includes(value as PromotionKind) ? (value as PromotionKind) : null;
}

function useLoggedIn(): boolean {
  const [loggedIn, setLoggedIn] = useState(() => sessionStore.token !== null);
  useEffect(() => {
    const subscription = sessionStore.changes().subscribe((session) => setLoggedIn(session !== null));
    return () => subscription.unsubscribe();
  }, []);
  return loggedIn;
}

// a failure here leaves the list empty; the save buttons still work
const readSavedPromotions = (signal: AbortSignal) => loadSavedPromotions(promoStore, undefined, signal).catch(() => undefined);

function Promotions() {
  const [query] = useSearchParams();
  const kind = readKind(query.get('type'));
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const loggedIn = useLoggedIn();
  const available = useSelector((state: PromoRootState) => state.promo.availablePromotions);
  const saved = useSelector((state: PromoRootState) => state.promo.savedPromotions);
  const savedIds = new Set(saved.map((promotion) => promotion.id));

  usePageMeta(kind ? `${PROMOTION_KIND_LABELS[kind]} – ${vi.promotions.title}` : vi.promotions.title, vi.promotions.description);

  const readPromotions = useCallback(
    async (signal: AbortSignal) => {
      const promotions = await storefrontApi.promotions(signal);
      if (!signal.aborted) dispatch(setAvailablePromotions(promotions));
      return promotions;
    },
    [dispatch],
  );
  const promotions = useAsync(readPromotions, {});

  // the saved ones go to the store, read again on login and logout
  useAsync(readSavedPromotions, { reloadKey: loggedIn });

  const toggleSave = (promotion: Promotion) => {
    if (savedIds.has(promotion.id)) {
      void unsavePromotion(promoStore, promotion);
      return;
    }
    void savePromotion(promoStore, promotion).then((result) => {
      if (result === 'login') navigate(loginRedirectFor(`${location.pathname}${location.search}`));
    });
  };

  const card = (promotion: Promotion) => (
    <li key={promotion.id}>
      <PromotionCard promotion={promotion} saved={savedIds.has(promotion.id)} onToggleSave={() => toggleSave(promotion)} />
    </li>
  );

  const shownKinds = kind ? [kind] : KINDS;
  return (
    <>
      <PageIntro title={vi.promotions.title} description={vi.promotions.description} />
      <nav aria-label={text.kindsLabel}>
        <ul className={styles.chips}>
          <li>
            <Link to="/promotions" className={styles.chip} aria-current={kind === null ? 'page' : undefined}>
              {text.all}
            </Link>
          </li>
          {KINDS.filter((entry) => entry !== 'general').map((entry) => (
            <li key={entry}>
              <Link to={`/promotions?type=${entry}`} className={styles.chip} aria-current={kind === entry ? 'page' : undefined}>
                {PROMOTION_KIND_LABELS[entry]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {loggedIn ? (
        <section aria-labelledby="saved-heading" className={styles.section}>
          <h2 id="saved-heading" className={styles.heading}>
            {text.savedHeading}
          </h2>
          {saved.length === 0 ? <p className={styles.muted}>{text.savedEmpty}</p> : <ul className={styles.grid}>{saved.map(card)}</ul>}
        </section>
      ) : (
        <p className={styles.guest}>
          {text.guestHint} <Link to={loginRedirectFor(`${location.pathname}${location.search}`)}>{text.login}</Link>
        </p>
      )}
      <Async load={promotions} skeleton={<Skeleton count={3} />}>
        {() => (
          <>
            {available.length === 0 && <p className={styles.muted}>{text.empty}</p>}
            {available.length > 0 &&
              shownKinds.map((entry) => {
                const list = available.filter((promotion) => promotion.kind === entry);
                if (!kind && list.length === 0) return null;
                return (
                  <section key={entry} id={entry} aria-labelledby={`${entry}-heading`} className={styles.section}>
                    <h2 id={`${entry}-heading`} className={styles.heading}>
                      {PROMOTION_KIND_LABELS[entry]}
                    </h2>
                    {list.length === 0 ? <p className={styles.muted}>{text.kindEmpty(PROMOTION_KIND_LABELS[entry])}</p> : <ul className={styles.grid}>{list.map(card)}</ul>}
                  </section>
                );
              })}
          </>
        )}
      </Async>
    </>
  );
}

/** Active promotions by kind with their conditions in plain Vietnamese; a logged-in user saves them. */
export function PromotionsPage() {
  return (
    <Provider store={promoStore}>
      <Promotions />
    </Provider>
  );
}

export default PromotionsPage;
