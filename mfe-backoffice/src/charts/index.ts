// The charts of spec §9. Import them lazily (reports/ChartsSection does) so that they stay in their own chunk.
export { AppointmentsDonut } from './AppointmentsDonut';
export { BayHeatmap } from './BayHeatmap';
export { CarCountChart } from './CarCountChart';
export { ReportCharts } from './ReportCharts';
export { RevenueChart } from './RevenueChart';
export { TechniciansChart } from './TechniciansChart';
export { TopPartsChart } from './TopPartsChart';
