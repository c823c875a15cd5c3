import { ERROR_CODES, normaliseVin, RECALL_VIN_CSV_MAX_ROWS, VIN_PATTERN } from 'shared-contracts/schemas';
import { AppError } from '../../http/appError';
import { recallMessages as messages } from './recallMessages';

/**
 * The admin's VIN list: one VIN a row (the first column when the row has commas or semicolons), an optional header
 * "vin"/"số vin", blank rows skipped, duplicates kept once. The size is bounded by the input schema; the rows here
 * (RECALL_VIN_CSV_MAX_ROWS); a row that is not a VIN refuses the whole list with its row number (422).
 */
export function parseVinCsv(text: string | null | undefined): string[] {
  if (!text || text.trim() === '') return [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const vins = new Set<string>();
  let rows = 0;
  for (const [index, line] of lines.entries()) {
    const cell = (line.split(/[,;\t]/)[0] ?? '').trim().replace(/^"|"$/g, '');
    if (cell === '') continue;
    if (index === 0 && /^(vin|số vin|so vin|số khung)$/i.test(cell)) continue;
    rows += 1;
    if (rows > RECALL_VIN_CSV_MAX_ROWS) throw invalid(messages.csvTooManyRows(RECALL_VIN_CSV_MAX_ROWS));
    const vin = normaliseVin(cell);
    if (!VIN_PATTERN.test(vin)) throw invalid(messages.csvBadVin(index + 1));
    vins.add(vin);
  }
  return [...vins];
}

function invalid(message: string): AppError {
  return new AppError(422, ERROR_CODES.VALIDATION_ERROR, message, [{ field: 'vinCsv', message }]);
}
