// "Đối soát COD" (issue 65 §5) at /admin/cod-statements and /manager/cod-statements: carriers' COD statements imported
// and listed; the lines that do not reconcile go to the payments exceptions queue.
export { CodStatementsPage } from './CodStatementsPage';
