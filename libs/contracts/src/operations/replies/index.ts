export * from './common';
export * from './users';
export * from './channels';
export * from './user-groups';
export * from './messages';
export * from './drafts';
export * from './realm';
export * from './register';
