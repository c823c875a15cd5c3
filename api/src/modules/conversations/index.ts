/** The conversations module's front door (issue 49): threads between a customer and their centre's staff. */
export { conversationsModule, PHOTO_SWEEP_SCHEDULE } from './conversationsModule';
export { sweepPendingPhotos } from './conversationPhotos';
