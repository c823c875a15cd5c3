// The shipping desk (issue 65): "Tạo vận đơn" and the waybill's block in a web order, the day's pickup list ("Giao vận").
export { WebOrderShipping, carrierShipmentOf, canCreateShipment } from './WebOrderShipping';
export { PickupListView } from './PickupListView';
