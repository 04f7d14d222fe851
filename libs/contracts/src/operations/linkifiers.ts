import { z } from 'zod';
import { MAX_IDS_PER_REQUEST } from '../limits';
import { Role } from '../roles';
import { EmptyReply, LinkifierReply, idReply } from './replies';
import { defineOperation } from './operation';

const LinkifierId = z.int();
/** Zulip's `pattern` and `url_template` are plain strings; the server strips and validates them. */
/**
 * Zulip's are text fields without a limit; every message rendering applies every pattern and
 * every `POST /register` carries them, so they are bounded.
 */
export const MAX_LINKIFIER_PATTERN_LENGTH = 1000;
export const MAX_LINKIFIER_URL_TEMPLATE_LENGTH = 1024;
const LinkifierFields = {
  pattern: z.string().max(MAX_LINKIFIER_PATTERN_LENGTH),
  url_template: z.string().max(MAX_LINKIFIER_URL_TEMPLATE_LENGTH),
};

/** GET /realm/linkifiers (E16): the organization's linkifiers in processing order; any user. */
export const getLinkifiers = defineOperation({
  type: 'linkifier.list',
  method: 'GET',
  path: '/realm/linkifiers',
  service: 'users',
  kind: 'query',
  auth: 'user',
  params: z.object({}),
  reply: z.strictObject({ linkifiers: z.array(LinkifierReply) }),
  key: 'actor',
});

/** POST /realm/filters: add a linkifier at the end of the list; answers its `id`. */
export const addLinkifier = defineOperation({
  type: 'linkifier.add',
  method: 'POST',
  path: '/realm/filters',
  service: 'users',
  kind: 'command',
  auth: 'user',
  minRole: Role.ADMINISTRATOR,
  params: z.object(LinkifierFields),
  reply: idReply('id'),
  key: 'realm',
});

/** PATCH /realm/filters/{filter_id} (E13): replace a linkifier's pattern and URL template. */
export const updateLinkifier = defineOperation({
  type: 'linkifier.update',
  method: 'PATCH',
  path: '/realm/filters/{filter_id}',
  service: 'users',
  kind: 'command',
  auth: 'user',
  minRole: Role.ADMINISTRATOR,
  params: z.object({ filter_id: LinkifierId, ...LinkifierFields }),
  reply: EmptyReply,
  key: 'realm',
});

/** DELETE /realm/filters/{filter_id}. */
export const removeLinkifier = defineOperation({
  type: 'linkifier.remove',
  method: 'DELETE',
  path: '/realm/filters/{filter_id}',
  service: 'users',
  kind: 'command',
  auth: 'user',
  minRole: Role.ADMINISTRATOR,
  params: z.object({ filter_id: LinkifierId }),
  reply: EmptyReply,
  key: 'realm',
});

/** PATCH /realm/linkifiers: the new processing order, naming every linkifier exactly once. */
export const reorderLinkifiers = defineOperation({
  type: 'linkifier.reorder',
  method: 'PATCH',
  path: '/realm/linkifiers',
  service: 'users',
  kind: 'command',
  auth: 'user',
  minRole: Role.ADMINISTRATOR,
  params: z.object({ ordered_linkifier_ids: z.array(LinkifierId).max(MAX_IDS_PER_REQUEST) }),
  reply: EmptyReply,
  key: 'realm',
});
