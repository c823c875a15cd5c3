import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { CodStatementImport } from 'shared-contracts/schemas';
import { AreaPage } from '../components/AreaPage';
import { CodStatementImportForm } from './CodStatementImportForm';
import { CodStatementList } from './CodStatementList';
import { CodStatementResult } from './CodStatementResult';
import styles from './CodStatements.module.css';

interface Imported {
  result: CodStatementImport;
  message: string | null;
  /** Each answer its own, so the same statement imported again still moves the focus to its result. */
  seq: number;
}

/**
 * "Đối soát COD" (/admin/cod-statements; /manager/cod-statements for the manager of the centre that ships the web
 * orders — the API answers anyone else 403, shown as the list's failure): import a carrier's COD statement, see what
 * reconciled and what went to the payments exceptions queue, and the statements imported so far.
 */
export function CodStatementsPage() {
  const { pathname } = useLocation();
  const area = pathname.startsWith('/manager') ? 'manager' : 'admin';
  const [imported, setImported] = useState<Imported | null>(null);
  const [revision, setRevision] = useState(0);
  const resultHeading = useRef<HTMLHeadingElement>(null);

  const onImported = useCallback((result: CodStatementImport, message: string | null) => {
    setImported((previous) => ({ result, message, seq: (previous?.seq ?? 0) + 1 }));
    setRevision((value) => value + 1);
  }, []);

  // the result replaces the form's focus: a keyboard or screen-reader user lands on what the import did
  const seq = imported?.seq;
  useEffect(() => {
    if (seq !== undefined) resultHeading.current?.focus();
  }, [seq]);

  return (
    <AreaPage area={area} path={`/${area}/cod-statements`}>
      <div className={styles.page}>
        <CodStatementImportForm onImported={onImported} />
        <p className={styles.done} role="status">
          {imported?.message ?? ''}
        </p>
        {imported && <CodStatementResult ref={resultHeading} result={imported.result} area={area} />}
        <CodStatementList revision={revision} />
      </div>
    </AreaPage>
  );
}

export default CodStatementsPage;
