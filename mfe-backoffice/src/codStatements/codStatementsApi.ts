import { apiClient, type Outcome, readData, readOutcome } from 'shared-contracts';
import type { IntegratedCarrier } from 'shared-contracts/pricing';
import type { CodStatement, CodStatementImport } from 'shared-contracts/schemas';

/** The API's bound (COD_STATEMENT_MAX_BYTES, schemas/codStatements.ts, which the browser does not import): 2 MB. */
export const COD_STATEMENT_FILE_MAX_BYTES = 2 * 1024 * 1024;

const PATH = '/admin/shipments/cod-statements';

/** What the import sends: the carrier, the statement's reference, its period if given, the carrier's CSV. */
export interface CodStatementUpload {
  carrier: IntegratedCarrier;
  reference: string;
  /** YYYY-MM-DD, or '' when not given (an empty value is left out of the query). */
  periodFrom: string;
  periodTo: string;
  file: File;
}

/** Carriers' COD statements (đối soát COD): the import (a multipart `file`, the rest in the query) and the list. */
export const codStatementsApi = {
  import: ({ carrier, reference, periodFrom, periodTo, file }: CodStatementUpload): Promise<Outcome<CodStatementImport>> => {
    const form = new FormData();
    form.append('file', file, file.name);
    return readOutcome<CodStatementImport>(apiClient.upload(PATH, form, { query: { carrier, reference, periodFrom, periodTo } }));
  },
  list: (signal?: AbortSignal) => readData<{ statements: CodStatement[] }>(apiClient.get(PATH, { signal })).then((data) => data.statements),
};
