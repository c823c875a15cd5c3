import { apiClient, readData } from 'shared-contracts';
import type { BatteryReport, BatteryReportInput, BatteryReportList } from 'shared-contracts/schemas';
import { openApiFile } from '../api/apiFiles';

/**
 * The battery check's figures on a service order (issue 66 §3): POST records one measurement (the server computes
 * the flag; a bad figure is a 422 with its Vietnamese message), GET lists the order's, and the certificate opens as
 * a PDF with the session's token. Every call throws the API client's ApiError.
 */
export const batteryHealthApi = {
  list: async (orderId: number, signal?: AbortSignal): Promise<BatteryReport[]> =>
    (await readData<BatteryReportList>(apiClient.get(`/service-orders/${orderId}/battery-reports`, { signal }))).items,
  record: (orderId: number, input: BatteryReportInput): Promise<BatteryReport> => readData<BatteryReport>(apiClient.post(`/service-orders/${orderId}/battery-reports`, input)),
  openCertificate: (reportId: number) => openApiFile(`/staff/battery-reports/${reportId}/certificate.pdf`),
};
