/** Python-Markdown's `code_escape`: code keeps quotes as they are. */
export const escapeCode = (text: string): string => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
