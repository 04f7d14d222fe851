export * from './system-info';
export * from './users';
export * from './zulip-client';
export * from './event-capture';
export * from './user-groups';
export * from './outbox';
export * from './channels';
