/** Zulip's STREAM_ASSIGNMENT_COLORS (zerver/lib/stream_color.py). */
export const STREAM_ASSIGNMENT_COLORS = [
  '#76ce90', '#fae589', '#a6c7e5', '#e79ab5', '#bfd56f', '#f4ae55', '#b0a5fd', '#addfe5',
  '#f5ce6e', '#c2726a', '#94c849', '#bd86e5', '#ee7e4a', '#a6dcbf', '#95a5fd', '#53a063',
  '#9987e1', '#e4523d', '#c2c2c2', '#4f8de4', '#c6a8ad', '#e7cc4d', '#c8bebf', '#a47462',
] as const;

/**
 * Zulip's `pick_colors`: each new subscription gets the next palette color the user does not use
 * yet, in channel id order; once all are used, a color chosen by the channel id.
 */
export function pickColors(usedColors: Iterable<string>, channelIds: readonly number[]): Map<number, string> {
  const used = new Set(usedColors);
  const available = STREAM_ASSIGNMENT_COLORS.filter((c) => !used.has(c));
  const result = new Map<number, string>();
  [...channelIds].sort((a, b) => a - b).forEach((channelId, i) => {
    result.set(channelId, available[i] ?? STREAM_ASSIGNMENT_COLORS[channelId % STREAM_ASSIGNMENT_COLORS.length]);
  });
  return result;
}
