/** Django's `escape`, with which Zulip echoes names in errors and topics in search results. */
export const djangoEscape = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
