import type { PromotionAdmin } from 'shared-contracts/schemas';
import { useAsync } from '../hooks/useAsync';
import { formatVnd } from './catalogueAdminText';
import { promotionAdminApi } from './promotionAdminApi';
import { formatDay, PROMOTION_TYPE_TEXT, promotionText as t } from './promotionAdminText';
import { PromotionEditor } from './PromotionEditor';
import { CreateBar, ListAlert, ListTable, useEditorOpening } from './catalogueList';
import { RowActions, useActiveToggle } from './serviceFormParts';
import styles from './CatalogueAdmin.module.css';

type Editing = { kind: 'new' } | { kind: 'promotion'; id: number };

const TOGGLE_TEXT = { off: t.pause, on: t.resume };
const readPromotions = (signal: AbortSignal) => promotionAdminApi.list(signal);

/** The promotions: every one (paused and ended too) with its used count; the admin edits, pauses and resumes. */
export function PromotionCatalogue({ readOnly }: { readOnly: boolean }) {
  const { editing, setEditing, opening, open } = useEditorOpening<Editing>();
  const { state, reload } = useAsync(readPromotions, { failedText: t.loadFailed, start: 'keep' });
  const { error: actionError, toggle } = useActiveToggle<PromotionAdmin>(promotionAdminApi.setActive, reload, t.loadFailed);
  const items = state.data;

  const valueOf = (promotion: PromotionAdmin) => (promotion.type === 'percentage' ? `${promotion.value} %` : formatVnd(promotion.value));

  return (
    <>
      <section className={styles.panel} aria-label={t.listTitle}>
        <CreateBar readOnly={readOnly} readOnlyText={t.readOnly} createText={t.create} onCreate={() => open({ kind: 'new' })} />
        <ListAlert message={actionError ?? state.error} />
        {items && items.length === 0 && <p>{t.empty}</p>}
        {items && items.length > 0 && (
          <ListTable columns={t.columns}>
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
                  <RowActions name={promotion.code} isActive={promotion.isActive} readOnly={readOnly} toggleText={TOGGLE_TEXT} onOpen={() => open({ kind: 'promotion', id: promotion.id })} onToggle={() => void toggle(promotion)} />
                </td>
              </tr>
            ))}
          </ListTable>
        )}
      </section>
      {editing && (
        <PromotionEditor
          key={opening}
          promotionId={editing.kind === 'new' ? null : editing.id}
          readOnly={readOnly}
          onSaved={(saved) => {
            setEditing({ kind: 'promotion', id: saved.id });
            reload();
          }}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
