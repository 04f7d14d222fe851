export * from './context';
export { renderMarkdown } from './render';
export * from './rendering-error';
