export * from './context';
export { renderMarkdown } from './render';
export * from './rendering-error';
export { topicLinks, type TopicLink } from './inline/topic-links';
export { encodeChannel, encodeHashComponent } from './inline/url';
