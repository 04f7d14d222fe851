export * from './push-device';
export * from './events';
export * from './commands/record-push-registration';
export * from './bouncer-api';
export * from './commands/forget-push-tokens';
export * from './notification';
export * from './commands/notify-message';
export * from './commands/remove-user-devices';
