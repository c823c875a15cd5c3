import { REPORT_NAMES, type ReportName } from 'shared-contracts/schemas';
import type { ReportDefinition } from '../reportDefinition';
import { appointmentsReport } from './appointmentsReport';
import { invoicesReport } from './invoicesReport';
import { partsUsageReport } from './partsUsageReport';
import { serviceOrdersReport } from './serviceOrdersReport';
import { stockMovementsReport } from './stockMovementsReport';
import { techniciansReport } from './techniciansReport';

export const reportDefinitions: Record<ReportName, ReportDefinition> = {
  'service-orders': serviceOrdersReport,
  invoices: invoicesReport,
  'parts-usage': partsUsageReport,
  'stock-movements': stockMovementsReport,
  technicians: techniciansReport,
  appointments: appointmentsReport,
};

/** The report of a URL's name (any case), or null. */
export function reportNamed(name: string): ReportDefinition | null {
  const lower = name.toLowerCase();
  return (REPORT_NAMES as readonly string[]).includes(lower) ? reportDefinitions[lower as ReportName] : null;
}
