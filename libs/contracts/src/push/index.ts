export * from './push-device';
export * from './events';
export * from './commands/record-push-registration';
export * from './bouncer-api';
export * from './commands/forget-push-tokens';
