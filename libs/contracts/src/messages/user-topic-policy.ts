import { z } from 'zod';

/**
 * Zulip's `UserTopic.VisibilityPolicy`: what one user wants of one (channel, topic), whether or
 * not the topic has messages. 0 removes the user's policy (the channel's muting decides).
 */
export const VisibilityPolicy = { INHERIT: 0, MUTED: 1, UNMUTED: 2, FOLLOWED: 3 } as const;
export type VisibilityPolicy = (typeof VisibilityPolicy)[keyof typeof VisibilityPolicy];
export const VisibilityPolicySchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
