import { z } from 'zod';

export const RealmCreatedV1 = z.object({
  type: z.literal('realm.created.v1'),
  data: z.object({
    realmId: z.number().int().positive(),
    name: z.string(),
    /** The organization's host as users see it (`chat.example.com`, with a port when not 80/443). */
    host: z.string(),
    url: z.string(),
    createdAt: z.iso.datetime(),
  }),
});
export type RealmCreatedV1 = z.infer<typeof RealmCreatedV1>;
