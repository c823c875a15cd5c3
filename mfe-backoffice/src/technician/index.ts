// The technician's area: dashboard, work queue, checklists, and the queue and orders its parts requests read.
export { ChecklistChooser } from './ChecklistChooser';
export { ChecklistScreen } from './ChecklistScreen';
export { technicianApi } from './technicianApi';
export { technicianText } from './technicianText';
export { TechnicianDashboard } from './TechnicianDashboard';
export { WorkQueue } from './WorkQueue';
