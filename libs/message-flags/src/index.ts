export * from './flags';
export * from './mentions';
export * from './sent-by-human';
export * from './alert-words';
