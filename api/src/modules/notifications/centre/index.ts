/** The notification centre (records, the bell's routes, the personal stream, events → notifications). */
export { notificationCentreModule } from './notificationCentreModule';
export { notify, type NotifyDeps, type NotifyInput } from './notify';
