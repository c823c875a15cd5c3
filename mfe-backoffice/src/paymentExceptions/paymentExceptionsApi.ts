import { apiClient, readData } from 'shared-contracts';
import type { PaymentExceptionDetail, PaymentExceptionList, PaymentExceptionRefundInput } from 'shared-contracts/schemas';

const base = (id: number) => `/payment-exceptions/${id}`;

/** The exceptions queue's calls (GET/POST /api/payment-exceptions…): every action carries the version shown. */
export const paymentExceptionsApi = {
  list: (status: 'open' | 'resolved', page: number, signal?: AbortSignal) =>
    readData<PaymentExceptionList>(apiClient.get(`/payment-exceptions?status=${status}&page=${page}`, { signal })),
  detail: (id: number, signal?: AbortSignal) => readData<PaymentExceptionDetail>(apiClient.get(base(id), { signal })),
  match: (id: number, orderCode: string, version: number) => readData<PaymentExceptionDetail>(apiClient.post(`${base(id)}/match`, { orderCode, version })),
  reinstate: (id: number, version: number) => readData<PaymentExceptionDetail>(apiClient.post(`${base(id)}/reinstate`, { version })),
  refund: (id: number, input: PaymentExceptionRefundInput) => readData<PaymentExceptionDetail>(apiClient.post(`${base(id)}/refund`, input)),
  dismiss: (id: number, note: string, version: number) => readData<PaymentExceptionDetail>(apiClient.post(`${base(id)}/dismiss`, { note, version })),
};
