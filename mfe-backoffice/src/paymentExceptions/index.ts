// "Giao dịch cần xử lý": transfers that did not pay an order by themselves (decision 0045).
export { PaymentExceptionsQueue } from './PaymentExceptionsQueue';
