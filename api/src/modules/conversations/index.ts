/**
 * The conversations module's front door — threads between a customer and their centre's staff, one per booking,
 * service order or web order: messages with photos, read receipts, the staff inbox, assignment, quick replies; live
 * both ways. Nothing else of the module is imported from outside.
 */
export { conversationsModule, PHOTO_SWEEP_SCHEDULE } from './conversationsModule';
export { DEMO_PHOTO_FILE, sweepPendingPhotos } from './conversationPhotos';
export { subjectFacts, type SubjectFacts } from './conversationAccess';
export { everyCentreConversations } from './conversationLive';
