export * from './push-device';
export * from './events';
export * from './commands/record-push-registration';
