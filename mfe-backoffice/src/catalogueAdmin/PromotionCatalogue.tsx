import { useCallback, useEffect, useState } from 'react';
import type { PromotionAdmin } from 'shared-contracts/schemas';
import { messageOf } from '../api/apiErrors';
import { formatVnd } from './catalogueAdminText';
import { promotionAdminApi } from './promotionAdminApi';
import { formatDay, PROMOTION_TYPE_TEXT, promotionText as t } from './promotionAdminText';
import { PromotionEditor } from './PromotionEditor';
import styles from './CatalogueAdmin.module.css';

type Open = { kind: 'none' } | { kind: 'new' } | { kind: 'promotion'; id: number };

/** The promotions: every one (paused and ended too) with its used count; the admin edits, pauses and resumes. */
export function PromotionCatalogue({ readOnly }: { readOnly: boolean }) {
  const [items, setItems] = useState<PromotionAdmin[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<Open>({ kind: 'none' });
  const [reload, setReload] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    promotionAdminApi.list(controller.signal).then(
      (loaded) => {
        setItems(loaded);
        setError(null);
      },
      (failure: unknown) => {
        if (!controller.signal.aborted) setError(messageOf(failure, t.loadFailed));
      },
    );
    return () => controller.abort();
  }, [reload]);

  const refresh = useCallback(() => setReload((count) => count + 1), []);

  async function toggle(promotion: PromotionAdmin) {
    setError(null);
    try {
      await promotionAdminApi.setActive(promotion.id, promotion.version, !promotion.isActive);
    } catch (failure) {
      setError(messageOf(failure, t.loadFailed));
    }
    refresh();
  }

  const valueOf = (promotion: PromotionAdmin) => (promotion.type === 'percentage' ? `${promotion.value} %` : formatVnd(promotion.value));

  return (
    <>
      <section className={styles.panel} aria-label={t.listTitle}>
        {readOnly && <p className={styles.hint}>{t.readOnly}</p>}
        {!readOnly && (
          <div className={styles.toolbar}>
            <button type="button" className={styles.primary} onClick={() => setOpen({ kind: 'new' })}>
              {t.create}
            </button>
          </div>
        )}
        {error && (
          <p className={styles.alert} role="alert">
            {error}
          </p>
        )}
        {items && items.length === 0 && <p>{t.empty}</p>}
        {items && items.length > 0 && (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  {Object.values(t.columns).map((label) => (
                    <th key={label} scope="col">
                      {label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {items.map((promotion) => (
                  <tr key={promotion.id}>
                    <td>{promotion.code}</td>
                    <td>{promotion.title}</td>
                    <td>
                      {PROMOTION_TYPE_TEXT[promotion.type]}: {valueOf(promotion)}
                    </td>
                    <td>
                      {formatDay(promotion.validFrom)} – {formatDay(promotion.validTo)}
                    </td>
                    <td>
                      {promotion.usedCount.toLocaleString('vi-VN')} / {promotion.usageLimit.toLocaleString('vi-VN')}
                    </td>
                    <td>{promotion.isActive ? t.running : t.paused}</td>
                    <td>
                      <button type="button" className={styles.secondary} onClick={() => setOpen({ kind: 'promotion', id: promotion.id })} aria-label={`${readOnly ? t.view : t.edit} ${promotion.code}`}>
                        {readOnly ? t.view : t.edit}
                      </button>{' '}
                      {!readOnly && (
                        <button type="button" className={styles.secondary} onClick={() => void toggle(promotion)} aria-label={`${promotion.isActive ? t.pause : t.resume} ${promotion.code}`}>
                          {promotion.isActive ? t.pause : t.resume}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {open.kind !== 'none' && (
        <PromotionEditor
          key={open.kind === 'promotion' ? open.id : 'new'}
          promotionId={open.kind === 'promotion' ? open.id : null}
          readOnly={readOnly}
          onSaved={(saved) => {
            setOpen({ kind: 'promotion', id: saved.id });
            refresh();
          }}
          onClose={() => setOpen({ kind: 'none' })}
        />
      )}
    </>
  );
}
