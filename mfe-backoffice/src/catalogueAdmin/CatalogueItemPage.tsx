import { useEffect, useRef, useState, type ComponentType } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { useAsync } from '../hooks/useAsync';
import { ProductStockByLocation } from '../inventory';
import { RoleAreaLayout } from '../layout/RoleAreaLayout';
import { catalogueAdminApi } from './catalogueAdminApi';
import { catalogueItemText as t } from './catalogueItemText';
import { catalogueItemPath, catalogueListPath, itemIdOf, type CatalogueBase, type CatalogueKind } from './catalogueLinks';
import type { FromList } from './catalogueList';
import { PackageEditor } from './PackageEditor';
import { ProductEditor } from './ProductEditor';
import { PromotionEditor } from './PromotionEditor';
import { serviceAdminApi } from './serviceAdminApi';
import { ServiceEditor } from './ServiceEditor';
import styles from './CatalogueAdmin.module.css';

type Area = 'admin' | 'manager';

interface EditorProps {
  itemId: number | null;
  area: Area;
  readOnly: boolean;
  onSaved: (saved: { id: number }) => void;
  onClose: () => void;
}

const readOptions = (signal: AbortSignal) => catalogueAdminApi.options(signal);
/** The services a package's credit may name: the active ones (a package has at most 20, the shop a few dozen). */
const readServices = (signal: AbortSignal) => serviceAdminApi.list({ q: '', status: 'active', page: 1, pageSize: 100 }, signal);

function ProductPageEditor({ itemId, area, readOnly, onSaved, onClose }: EditorProps) {
  const options = useAsync(readOptions, {}).state;
  if (options.error) return <p className={styles.alert} role="alert">{options.error}</p>;
  if (!options.data) return <section className={styles.panel} aria-busy="true" />;
  return (
    <ProductEditor
      productId={itemId}
      options={options.data}
      readOnly={readOnly}
      onSaved={onSaved}
      onClose={onClose}
      stock={itemId !== null && <ProductStockByLocation productId={itemId} stockPath={area === 'admin' ? '/admin/stock' : '/manager/stock'} />}
    />
  );
}

function PackagePageEditor({ itemId, readOnly, onSaved, onClose }: EditorProps) {
  const services = useAsync(readServices, {}).state.data?.items ?? [];
  return <PackageEditor packageId={itemId} services={services} readOnly={readOnly} onSaved={onSaved} onClose={onClose} />;
}

function ServicePageEditor({ itemId, readOnly, onSaved, onClose }: EditorProps) {
  return <ServiceEditor serviceId={itemId} readOnly={readOnly} onSaved={onSaved} onClose={onClose} />;
}

function PromotionPageEditor({ itemId, readOnly, onSaved, onClose }: EditorProps) {
  return <PromotionEditor promotionId={itemId} readOnly={readOnly} onSaved={onSaved} onClose={onClose} />;
}

const EDITORS: Record<CatalogueKind, ComponentType<EditorProps>> = {
  products: ProductPageEditor,
  services: ServicePageEditor,
  packages: PackagePageEditor,
  promotions: PromotionPageEditor,
};

/**
 * One catalogue item's own page (/admin/catalogue/products/12, …/products/new; services, packages and promotions
 * alike; the manager's under /manager, read-only): a link back to the list as it was, then the item's form at the top
 * (its first field focused), its history, and a product's stock per location. A new item once created is this page
 * under its id (the URL replaced, the saved form kept).
 */
export function CatalogueItemPage({ area, kind }: { area: Area; kind: CatalogueKind }) {
  const base: CatalogueBase = area === 'admin' ? '/admin/catalogue' : '/manager/catalogue';
  // a manager reads items; there is no new one to read
  const param = itemIdOf(useParams().id);
  const itemId = area === 'manager' && param === null ? 'invalid' : param;
  const location = useLocation();
  const navigate = useNavigate();
  const from = (location.state as Partial<FromList> | null)?.from;
  const back = typeof from === 'string' && from.startsWith(base) ? from : catalogueListPath(base, kind);
  const [created, setCreated] = useState<number | null>(null);
  const state = useRef<unknown>(location.state);
  state.current = location.state;

  // after the first save's render (no edits left to warn about), the URL names the new item
  useEffect(() => {
    if (created !== null) void navigate(catalogueItemPath(base, kind, created), { replace: true, state: state.current });
  }, [created, base, kind, navigate]);

  const Editor = EDITORS[kind];
  return (
    <RoleAreaLayout area={area}>
      <p className={styles.backLink}>
        <Link to={back}>{t.back}</Link>
      </p>
      {itemId === 'invalid' ? (
        <h1 className={styles.itemTitle}>{t.notFound}</h1>
      ) : (
        <Editor
          itemId={itemId}
          area={area}
          readOnly={area === 'manager'}
          onSaved={(saved) => {
            if (itemId === null) setCreated(saved.id);
          }}
          onClose={() => void navigate(back)}
        />
      )}
    </RoleAreaLayout>
  );
}

/** The page component of a kind in an area, for the route table's `RemotePage`s. */
export function catalogueItemPage(area: Area, kind: CatalogueKind): ComponentType {
  const Page = () => <CatalogueItemPage area={area} kind={kind} />;
  Page.displayName = `CatalogueItemPage(${area}, ${kind})`;
  return Page;
}
