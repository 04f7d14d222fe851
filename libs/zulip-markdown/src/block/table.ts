import type { El } from '../tree/element';
import type { BlockProcessor } from './block-parser';
import { MAX_RENDERED_LENGTH, RenderingError } from '../rendering-error';

const CODE_PIPES = /(?:(\\\\)|(\\`+)|(`+)|(\\\|)|(\|))/gu;
const END_BORDER = /(?<!\\)(?:\\\\)*\|$/u;

type Align = 'center' | 'left' | 'right' | null;

/** Python-Markdown's tables extension: a header row, a separator row, then body rows. */
export function table(): BlockProcessor {
  let border = 0;
  let separator: string[] = [];
  const splitRow = (row: string): string[] => {
    let cells = row;
    if (border) {
      if (cells.startsWith('|')) cells = cells.slice(1);
      cells = cells.replace(END_BORDER, '');
    }
    return split(cells);
  };
  return {
    test(_parent, block) {
      const rows = block.split('\n').map((row) => row.replace(/^ +| +$/g, ''));
      if (rows.length < 2) return false;
      const header = rows[0]!;
      border = (header.startsWith('|') ? 1 : 0) | (END_BORDER.test(header) ? 2 : 0);
      const width = splitRow(header).length;
      let isTable = width > 1;
      if (!isTable && width === 1 && border) {
        for (const row of rows.slice(1)) {
          isTable = row.startsWith('|') || END_BORDER.test(row);
          if (!isTable) break;
        }
      }
      if (!isTable) return false;
      const cells = splitRow(rows[1]!);
      if (cells.length !== width || ![...cells.join('')].every((c) => '|:- '.includes(c))) return false;
      separator = cells;
      return true;
    },
    run(parent, blocks) {
      const lines = blocks.shift()!.split('\n');
      const align = separator.map((cell): Align => {
        const c = cell.replace(/^ +| +$/g, '');
        if (c.startsWith(':') && c.endsWith(':')) return 'center';
        if (c.startsWith(':')) return 'left';
        return c.endsWith(':') ? 'right' : null;
      });
      // Every cell is at least `<td></td>` and a newline: past this many, the HTML is over the bound.
      if (lines.length * align.length > MAX_RENDERED_LENGTH / 10)
        throw new RenderingError(`a table of ${lines.length} rows and ${align.length} columns`);
      const element = parent.sub('table');
      buildRow(splitRow(lines[0]!.replace(/^ +| +$/g, '')), element.sub('thead'), 'th', align);
      const body = element.sub('tbody');
      const rows = lines.slice(2);
      if (rows.length === 0) {
        const tr = body.sub('tr');
        for (let i = 0; i < align.length; i++) tr.sub('td');
      }
      for (const row of rows) buildRow(splitRow(row.replace(/^ +| +$/g, '')), body, 'td', align);
    },
  };
}

function buildRow(cells: string[], parent: El, tag: 'th' | 'td', align: readonly Align[]): void {
  const tr = parent.sub('tr');
  align.forEach((a, i) => {
    const cell = tr.sub(tag);
    cell.text = (cells[i] ?? '').replace(/^ +| +$/g, '');
    if (a) cell.attrs.set('style', `text-align: ${a};`);
  });
}

/** A row split at its pipes, except pipes inside code spans and escaped ones. */
function split(row: string): string[] {
  const pipes: number[] = [];
  const tics: number[] = [];
  const ticPoints: [number, number, number][] = [];
  for (const m of row.matchAll(CODE_PIPES)) {
    const at = m.index;
    if (m[2]) {
      tics.push(m[2].length - 1);
      ticPoints.push([at, at + m[2].length - 1, 1]);
    } else if (m[3]) {
      tics.push(m[3].length);
      ticPoints.push([at, at + m[3].length - 1, 0]);
    } else if (m[5]) {
      pipes.push(at);
    }
  }
  const regions: [number, number][] = [];
  for (let pos = 0; pos < tics.length;) {
    const size = tics[pos]! - ticPoints[pos]![2];
    const index = size === 0 ? -1 : tics.slice(pos + 1).indexOf(size);
    if (index < 0) {
      pos++;
      continue;
    }
    regions.push([ticPoints[pos]![0], ticPoints[pos + index + 1]![1]]);
    pos += index + 2;
  }
  const cells: string[] = [];
  let from = 0;
  for (const pipe of pipes) {
    if (regions.some(([start, end]) => start <= pipe && pipe <= end)) continue;
    cells.push(row.slice(from, pipe));
    from = pipe + 1;
  }
  cells.push(row.slice(from));
  return cells;
}
