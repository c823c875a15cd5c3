export * from './envelope';
export * from './health';
export * from './serviceCentre';
export * from './auth';
export * from './catalogue';
export * from './shop';
export * from './service';
