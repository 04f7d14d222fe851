/** Zulip's STREAM_ASSIGNMENT_COLORS (zerver/lib/stream_color.py). */
export const STREAM_ASSIGNMENT_COLORS = [
  '#76ce90',
  '#fae589',
  '#a6c7e5',
  '#e79ab5',
  '#bfd56f',
  '#f4ae55',
  '#b0a5fd',
  '#addfe5',
  '#f5ce6e',
  '#c2726a',
  '#94c849',
  '#bd86e5',
  '#ee7e4a',
  '#a6dcbf',
  '#95a5fd',
  '#53a063',
  '#9987e1',
  '#e4523d',
  '#c2c2c2',
  '#4f8de4',
  '#c6a8ad',
  '#e7cc4d',
  '#c8bebf',
  '#a47462',
] as const;

/**
 * Zulip's `pick_colors`: a new subscription gets the color requested for its channel; each other
 * one the next palette color the user does not use yet (requested ones count as used), in channel
 * id order; once all are used, a color chosen by the channel id.
 */
export function pickColors(
  usedColors: Iterable<string>,
  channelIds: readonly number[],
  requested: ReadonlyMap<number, string> = new Map(),
): Map<number, string> {
  const sorted = [...channelIds].sort((a, b) => a - b);
  const result = new Map<number, string>();
  const used = new Set(usedColors);
  for (const channelId of sorted) {
    const color = requested.get(channelId);
    if (color === undefined) continue;
    result.set(channelId, color);
    used.add(color);
  }
  const available = STREAM_ASSIGNMENT_COLORS.filter((c) => !used.has(c));
  sorted
    .filter((channelId) => !result.has(channelId))
    .forEach((channelId, i) => {
      result.set(channelId, available[i] ?? STREAM_ASSIGNMENT_COLORS[channelId % STREAM_ASSIGNMENT_COLORS.length]);
    });
  return result;
}

/** Zulip's `check_color`: `#` and three to six hex digits. */
export const HEX_COLOR = /^#([a-fA-F0-9]{3,6})$/;

/**
 * A requested color (Zulip's `check_color`: `#` and 3 to 6 hex digits) as events carry colors,
 * `#rrggbb` in lower case; undefined for the 4- and 5-digit forms Zulip accepts but no such
 * color exists for: the subscription then gets a palette color.
 */
export function eventColor(color: string): string | undefined {
  const digits = color.slice(1).toLowerCase();
  if (digits.length === 6) return `#${digits}`;
  if (digits.length === 3) return `#${[...digits].map((d) => d + d).join('')}`;
  return undefined;
}
