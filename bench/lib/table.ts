export interface Table {
  title: string;
  header: string[];
  /** 'r' for numeric columns. */
  align: ('l' | 'r')[];
  rows: string[][];
  notes?: string[];
}

export function textTable(table: Table): string {
  const widths = table.header.map((h, i) => Math.max(h.length, ...table.rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (table.align[i] === 'r' ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [
    table.title,
    line(table.header),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...table.rows.map(line),
    ...(table.notes ?? []),
  ].join('\n');
}

export function markdownTable(table: Table): string {
  const line = (cells: string[]) => `| ${cells.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`;
  const rule = `|${table.align.map((a) => (a === 'r' ? '---:' : ':---')).join('|')}|`;
  const notes = table.notes?.length ? ['', ...table.notes] : [];
  return [`### ${table.title}`, '', line(table.header), rule, ...table.rows.map(line), ...notes].join('\n');
}
