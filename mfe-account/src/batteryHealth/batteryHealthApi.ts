import { ApiError, apiClient, messages, readData } from 'shared-contracts';
import type { BatteryReport } from 'shared-contracts/schemas';
import { isRecord } from '../api/apiErrors';
import { downloadApiFile } from '../service/apiFiles';

/**
 * The owner's battery health reports of one vehicle (GET /api/vehicles/:id/battery-reports, oldest first; another's
 * vehicle: 404) and each report's certificate PDF, downloaded with the session's token.
 */
export const batteryHealthApi = {
  reports: async (vehicleId: number, signal?: AbortSignal): Promise<BatteryReport[]> => {
    const data = await readData<unknown>(apiClient.get(`/vehicles/${vehicleId}/battery-reports`, { signal }));
    if (!isRecord(data) || !Array.isArray(data.items)) throw new ApiError(messages.errors.badResponse, 200, 'BAD_RESPONSE');
    return data.items as BatteryReport[];
  },
  downloadCertificate: (report: Pick<BatteryReport, 'id' | 'vehicleId' | 'verifyCode'>) =>
    downloadApiFile(`/vehicles/${report.vehicleId}/battery-reports/${report.id}/certificate.pdf`, `chung-nhan-pin-${report.verifyCode}.pdf`),
};
