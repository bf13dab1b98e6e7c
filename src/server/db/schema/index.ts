export * from './reference';
export * from './system';
export * from './market';
export * from './accounts';
export * from './lots';
export * from './deals';
export * from './chat';
export * from './wallet';
