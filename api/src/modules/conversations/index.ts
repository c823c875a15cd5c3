/** The conversations module's front door (issue 49): threads between a customer and their centre's staff. */
export { conversationsModule } from './conversationsModule';
