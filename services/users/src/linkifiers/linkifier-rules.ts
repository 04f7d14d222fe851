import { badRequest } from '@zulip-es/platform';
import type { Linkifier, LinkifiersState } from './linkifiers.state';

/** Zulip's answer for an id that is not one of the organization's linkifiers (400, not 404). */
export function accessLinkifier(state: LinkifiersState, id: number): Linkifier {
  const linkifier = state.linkifiers.find((l) => l.id === id);
  if (!linkifier) throw badRequest('Linkifier not found.');
  return linkifier;
}
