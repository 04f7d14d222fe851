export * from './unicode-emoji';
export * from './emoji-request';
