import { useCallback, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { WarrantyClaimStatus } from 'shared-contracts/pricing';
import { useRefreshOnFocus } from 'shared-contracts/react';
import { AreaPage } from '../components/AreaPage';
import { WarrantyClaimDetail } from './WarrantyClaimDetail';
import { WarrantyClaimList } from './WarrantyClaimList';
import { WarrantyReportSection } from './WarrantyReportSection';
import { warrantyText } from './warrantyText';
import styles from './Warranty.module.css';

/**
 * "Bảo hành hãng" (/manager/warranty-claims: the manager's centre; /admin/warranty-claims: every centre, each claim
 * naming its centre): the claims to manufacturers with the chosen one's detail beside the list (below it on a
 * phone), and the report per manufacturer and month. The list is read again when the window regains focus, and
 * after each write on a claim.
 */
export function WarrantyClaimsPage() {
  const { pathname } = useLocation();
  const area = pathname.startsWith('/admin') ? 'admin' : 'manager';
  const [status, setStatus] = useState<WarrantyClaimStatus | ''>('');
  const [selected, setSelected] = useState<number | null>(null);
  const [listRevision, setListRevision] = useState(0);
  const [reportRevision, setReportRevision] = useState(0);
  const listHeading = useRef<HTMLHeadingElement>(null);

  const reloadList = useCallback(() => setListRevision((value) => value + 1), []);
  useRefreshOnFocus(reloadList);
  const changed = useCallback(() => {
    reloadList();
    setReportRevision((value) => value + 1);
  }, [reloadList]);
  // the detail closed: the keyboard user goes back to the list rather than to the top of the page
  const close = useCallback(() => {
    setSelected(null);
    listHeading.current?.focus();
  }, []);

  return (
    <AreaPage area={area} path={`/${area}/warranty-claims`}>
      <div className={styles.split}>
        <WarrantyClaimList showCentre={area === 'admin'} status={status} onStatus={setStatus} selectedId={selected} onSelect={setSelected} revision={listRevision} headingRef={listHeading} />
        {selected === null ? (
          <p className={`${styles.panel} ${styles.muted}`}>{warrantyText.detail.placeholder}</p>
        ) : (
          <WarrantyClaimDetail id={selected} onChanged={changed} onClose={close} />
        )}
      </div>
      <WarrantyReportSection revision={reportRevision} />
    </AreaPage>
  );
}

export default WarrantyClaimsPage;
