export * from './events';
export * from './stored-file';
