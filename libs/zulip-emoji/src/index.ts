export * from './unicode-emoji';
export * from './emoji-request';
export * from './custom-emoji';
