export * from './reference';
export * from './system';
