export * from './context';
export { renderMarkdown } from './render';
