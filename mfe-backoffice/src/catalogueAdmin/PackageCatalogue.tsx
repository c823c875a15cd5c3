import { PACKAGE_TIER_LABELS } from 'shared-contracts/backoffice';
import type { PackageAdmin } from 'shared-contracts/schemas';
import { useAsync } from '../hooks/useAsync';
import { formatVnd } from './catalogueAdminText';
import { PackageEditor } from './PackageEditor';
import { serviceAdminApi } from './serviceAdminApi';
import { packageText as t } from './serviceAdminText';
import { CreateBar, ListAlert, ListTable, useEditorOpening } from './catalogueList';
import { RowActions, useActiveToggle } from './serviceFormParts';
import styles from './CatalogueAdmin.module.css';

type Editing = { kind: 'new' } | { kind: 'package'; id: number };

const readPackages = (signal: AbortSignal) => serviceAdminApi.packages(signal);
/** The services a credit may name: the active ones (a package has at most 20, the shop a few dozen). */
const readServices = (signal: AbortSignal) => serviceAdminApi.list({ q: '', status: 'active', page: 1, pageSize: 100 }, signal);

/** The service packages: every one (archived too) with its credits; the admin edits, archives and restores. */
export function PackageCatalogue({ readOnly }: { readOnly: boolean }) {
  const { editing, setEditing, opening, open } = useEditorOpening<Editing>();
  const { state, reload } = useAsync(readPackages, { failedText: t.loadFailed, start: 'keep' });
  const services = useAsync(readServices, {}).state.data?.items ?? [];

  const { error: actionError, toggle } = useActiveToggle<PackageAdmin>(serviceAdminApi.setPackageActive, reload, t.loadFailed);

  const items = state.data;
  return (
    <>
      <section className={styles.panel} aria-label={t.listTitle}>
        <CreateBar readOnly={readOnly} readOnlyText={t.readOnly} createText={t.create} onCreate={() => open({ kind: 'new' })} />
        <ListAlert message={actionError ?? state.error} />
        {items && items.length === 0 && <p>{t.empty}</p>}
        {items && items.length > 0 && (
          <ListTable columns={t.columns}>
            {items.map((item) => (
              <tr key={item.id}>
                <td>{item.name}</td>
                <td>{PACKAGE_TIER_LABELS[item.tier] ?? item.tier}</td>
                <td>{formatVnd(item.price)}</td>
                <td>{t.months(item.validityMonths)}</td>
                <td>{item.credits.map((credit) => `${credit.serviceName} × ${credit.quantity}`).join('; ')}</td>
                <td>{item.isActive ? t.statuses.active : t.statuses.archived}</td>
                <td>
                  <RowActions name={item.name} isActive={item.isActive} readOnly={readOnly} onOpen={() => open({ kind: 'package', id: item.id })} onToggle={() => void toggle(item)} />
                </td>
              </tr>
            ))}
          </ListTable>
        )}
      </section>
      {editing && (
        <PackageEditor
          key={opening}
          packageId={editing.kind === 'new' ? null : editing.id}
          services={services}
          readOnly={readOnly}
          onSaved={(saved) => {
            setEditing({ kind: 'package', id: saved.id });
            reload();
          }}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
