export * from './commands/collect-unclaimed';
export * from './commands/message-claims';
export * from './events';
export * from './stored-file';
export * from './uploaded-image';
export * from './realm-exports';
