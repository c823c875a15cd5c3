/**
 * The recalls module's front door — manufacturers' recall campaigns (issue 66 §4): the admin's campaigns and their
 * scope (models with production years, VIN ranges, a VIN list CSV), the set-based matching of the fleet, the owners
 * told once through the notification centre, each vehicle's state (AFFECTED → NOTIFIED → SCHEDULED → DONE or
 * NOT_APPLICABLE), the flags the owner, the counter and the technician see, the remedy booked as a free line and
 * closed by the work order, the completion per centre. Nothing else of the module is imported from outside.
 */
export { recallRoutes } from './recallRoutes';
export { matchRecallVehicles } from './recallMatching';
export { sendRecallNotices, tellRecallBatchWithin, type RecallNoticeDeps } from './recallNotices';
export { createRecallCampaign, parseRecallCampaignInput } from './recallCampaigns';
export {
  completeRecallRemedies,
  openRecallsOfVehicle,
  openRecallsOfVehicles,
  recallCompletionByCentre,
  recallFlagText,
  recallRemedyLine,
  scheduleRecallRemedies,
  unscheduleRecallRemedies,
} from './recallVehicles';
