/**
 * Zulip's `Message.sent_by_human`: whether the sending client is one of Zulip's own apps (or a
 * desktop app), whose messages the sender has read already. A message sent through the API by
 * a script or integration with the user's own key starts unread for them too, unless the request
 * says `read_by_sender`.
 */
const HUMAN_CLIENTS = new Set([
  'zulipandroid',
  'zulipios',
  'zulipdesktop',
  'zulipmobile',
  'zulipelectron',
  'zulipterminal',
  'snipe',
  'website',
  'ios',
  'android',
]);

export function sentByHuman(client: string): boolean {
  const name = client.toLowerCase();
  return HUMAN_CLIENTS.has(name) || name.includes('desktop app');
}
