/** The conversations module's front door (issue 49): threads between a customer and their centre's staff. */
export { conversationsModule, PHOTO_SWEEP_SCHEDULE } from './conversationsModule';
export { DEMO_PHOTO_FILE, sweepPendingPhotos } from './conversationPhotos';
export { subjectFacts, type SubjectFacts } from './conversationAccess';
export { everyCentreConversations } from './conversationLive';
