// A vehicle's battery health ("Sức khỏe pin", issue 66 §3): the SOH trend, the reports and their certificates.
export { BatteryHealthPanel } from './BatteryHealthPanel';
