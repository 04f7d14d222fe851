import { z } from 'zod';
import { Role } from '../roles';
import { EmptyReply, idReply } from './replies';
import { defineOperation } from './operation';

/** Zulip's `RealmPlayground.MAX_PYGMENTS_LANGUAGE_LENGTH`. */
export const MAX_PLAYGROUND_LANGUAGE_LENGTH = 40;
/**
 * Zulip's name and URL template are text fields without a limit; every `POST /register` carries
 * every playground, so they are bounded, as linkifiers are.
 */
export const MAX_PLAYGROUND_NAME_LENGTH = 100;
export const MAX_PLAYGROUND_URL_TEMPLATE_LENGTH = 1024;
export const MAX_PLAYGROUNDS = 1000;

/** POST /realm/playgrounds: configure a code playground; answers its `id`. */
export const addCodePlayground = defineOperation({
  type: 'playground.add',
  method: 'POST',
  path: '/realm/playgrounds',
  service: 'users',
  kind: 'command',
  auth: 'user',
  minRole: Role.ADMINISTRATOR,
  params: z.object({
    name: z.string().max(MAX_PLAYGROUND_NAME_LENGTH),
    pygments_language: z.string().max(MAX_PLAYGROUND_LANGUAGE_LENGTH),
    url_template: z.string().max(MAX_PLAYGROUND_URL_TEMPLATE_LENGTH),
  }),
  reply: idReply('id'),
  key: 'realm',
});

/** DELETE /realm/playgrounds/{playground_id}. */
export const removeCodePlayground = defineOperation({
  type: 'playground.remove',
  method: 'DELETE',
  path: '/realm/playgrounds/{playground_id}',
  service: 'users',
  kind: 'command',
  auth: 'user',
  minRole: Role.ADMINISTRATOR,
  params: z.object({ playground_id: z.int() }),
  reply: EmptyReply,
  key: 'realm',
});
