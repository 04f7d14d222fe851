export * from './channel-settings';
export * from './events';
export * from './commands/apply-accepted-invitation';
export * from './message-recipient';
export * from './commands/delete-topic-batch';
