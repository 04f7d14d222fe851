export * from './channel-settings';
export * from './events';
export * from './commands/apply-accepted-invitation';
export * from './draft';
export * from './commands/clear-drafts';
export * from './user-topic-policy';
export * from './message-recipient';
export * from './commands/delete-topic-batch';
