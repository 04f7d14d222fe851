/**
 * What the organization knows that rendering needs (Zulip's `DbData`): without it (`null`),
 * nothing is a mention, a channel link, a linkifier or a custom emoji.
 */
export interface MentionableUser {
  id: number;
  fullName: string;
  isActive: boolean;
}

export interface MentionableGroup {
  id: number;
  /** As mentions show it: a system group's display name (`Administrators`), else its name. */
  displayName: string;
  deactivated: boolean;
}

/** An uploaded image as its thumbnail shows it (Zulip's `MarkdownImageMetadata`, once thumbnailed). */
export interface UploadedImagePreview {
  /** The thumbnail messages show: `/user_uploads/thumbnail/<path id>/840x560.webp`. */
  thumbnailUrl: string;
  /** The original's size as shown. */
  width: number;
  height: number;
  contentType: string;
  animated: boolean;
  /** The large still format made of an image browsers do not show (`4032x3024.webp`), if one was. */
  transcodedImage?: string;
}

export interface RenderContext {
  /** The organization's URL without a trailing slash: links to it become relative. */
  realmUrl: string;
  /** A user by full name, without case (the sender may see them). */
  userByName(name: string): MentionableUser | undefined;
  userById(id: number): MentionableUser | undefined;
  /** A group by name, without case. */
  groupByName(name: string): MentionableGroup | undefined;
  /** A channel the sender may read, by its exact name. */
  channelIdByName(name: string): number | undefined;
  /** The newest message of a topic the sender may read (Zulip's `with` operand), if any. */
  topicNewestMessage?(channelId: number, topic: string): number | undefined;
  /** The organization's linkifiers in their order. */
  linkifiers: readonly { pattern: string; urlTemplate: string }[];
  /** Active custom emoji: name → image URL. */
  customEmoji: ReadonlyMap<string, string>;
  /** The sender's `translate_emoticons`. */
  translateEmoticons: boolean;
  /** The organization's `default_code_block_language` ('' when none). */
  defaultCodeBlockLanguage: string;
  /** What the empty topic is called (`general chat`). */
  emptyTopicName: string;
  /** Links to images, videos and YouTube get previews (Zulip's `image_preview_enabled`). */
  imagePreviews?: boolean;
  /** An uploaded image by path id, among those the content names; undefined for a file that is not one. */
  uploadedImage?(pathId: string): UploadedImagePreview | undefined;
}

/** An organization where no one and nothing is known: only wildcards, emoji and links render as such. */
export const knowingNoOne = (overrides: Partial<RenderContext> = {}): RenderContext => ({
  realmUrl: '',
  userByName: () => undefined,
  userById: () => undefined,
  groupByName: () => undefined,
  channelIdByName: () => undefined,
  linkifiers: [],
  customEmoji: new Map(),
  translateEmoticons: false,
  defaultCodeBlockLanguage: '',
  emptyTopicName: 'general chat',
  ...overrides,
});
