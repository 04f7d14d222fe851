/** The widgets Zulip makes of a message's first word (`zerver/lib/widget.py`). */
export type WidgetType = 'poll' | 'todo';

export type WidgetExtraData =
  { question: string; options: string[] } | { task_list_title: string; tasks: { task: string; desc: string }[] };

/** Python's `str.splitlines`: every line break it knows, and no empty line after a final break. */
function splitLines(text: string): string[] {
  const lines = text.split(/\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]/);
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** A list marker (`-` or `*`) and the spaces around it, where an option or task begins. */
const withoutMarker = (line: string): string => line.trim().replace(/^\s*[-*]?\s*/, '');

/** The first line (trimmed) as the title, when it is not empty; the rest as items, those with text only. */
function titleAndItems(content: string): { title: string; items: string[] } {
  const lines = splitLines(content);
  const title = lines.length > 0 && lines[0] !== '' ? lines.shift()!.trim() : '';
  return { title, items: lines.map(withoutMarker).filter((item) => item.length > 0) };
}

/**
 * Zulip's `get_widget_data`: `/poll question` with one option per line, or `/todo title` with one
 * task per line (`task: description`); null for any other message.
 */
export function widgetData(content: string): { widgetType: WidgetType; extraData: WidgetExtraData } | null {
  const first = content.split(/\s+/)[0]!;
  if (first !== '/poll' && first !== '/todo') return null;
  const widgetType = first.slice(1) as WidgetType;
  const { title, items } = titleAndItems(content.replace(first, ''));
  if (widgetType === 'poll') return { widgetType, extraData: { question: title, options: items } };
  const tasks = items.map((item) => {
    const cut = item.indexOf(': ');
    return cut < 0 ? { task: item.trim(), desc: '' } : { task: item.slice(0, cut).trim(), desc: item.slice(cut + 2).trim() };
  });
  return { widgetType, extraData: { task_list_title: title, tasks } };
}
