import { z } from 'zod';
import { UserId } from '../../users/user-fields';

const FolderId = z.number().int().positive();

/**
 * An administrator created a channel folder (Zulip 11's `ChannelFolder`). `folderId` is one more
 * than the highest given before (folders are archived, never deleted); a new folder's `order` is
 * its id. POST /channel_folders/create. Aggregate `channel_folders`.
 */
export const ChannelFolderCreatedV1 = z.object({
  type: z.literal('channel_folder.created.v1'),
  data: z.object({
    folderId: FolderId,
    name: z.string(),
    description: z.string(),
    renderedDescription: z.string(),
    order: z.number().int(),
    creatorId: UserId.nullable(),
    createdAt: z.iso.datetime(),
  }),
});
export type ChannelFolderCreatedV1 = z.infer<typeof ChannelFolderCreatedV1>;

/** A folder's name, description (with its HTML) or archived state changed; only what changed is present. PATCH /channel_folders/{id}. */
export const ChannelFolderUpdatedV1 = z.object({
  type: z.literal('channel_folder.updated.v1'),
  data: z.object({
    folderId: FolderId,
    name: z.string().optional(),
    description: z.string().optional(),
    renderedDescription: z.string().optional(),
    isArchived: z.boolean().optional(),
  }),
});
export type ChannelFolderUpdatedV1 = z.infer<typeof ChannelFolderUpdatedV1>;

/**
 * Every folder's `order` is its place in `order`, the ids as the administrator sent them (every
 * folder's; ids of no folder are kept, as Zulip keeps them, and change nothing). PATCH /channel_folders.
 */
export const ChannelFoldersReorderedV1 = z.object({
  type: z.literal('channel_folders.reordered.v1'),
  data: z.object({ order: z.array(z.number().int()) }),
});
export type ChannelFoldersReorderedV1 = z.infer<typeof ChannelFoldersReorderedV1>;
