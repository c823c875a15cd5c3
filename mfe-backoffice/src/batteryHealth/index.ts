// The battery check's figures on a service order ("Đo sức khỏe pin", issue 66 §3): the form and its reports.
export { BatteryHealthForm } from './BatteryHealthForm';
