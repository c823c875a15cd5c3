// "Triệu hồi" (issue 66 §4) at /admin/recalls: manufacturers' recall campaigns (list, create with the VIN list CSV,
// close, vehicles per state) and their completion per centre; the recall flag the counter's check-in and the
// technician's work order show; the manager's completion panel.
export { RecallsPage } from './RecallsPage';
export { RecallFlags } from './RecallFlags';
export { RecallCompletionPanel } from './RecallCompletionPanel';
