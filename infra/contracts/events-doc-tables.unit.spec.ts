import { readFileSync } from 'node:fs';
import path from 'node:path';

const doc = readFileSync(path.resolve(__dirname, '..', '..', 'docs', 'events.md'), 'utf8');

/** GFM splits a table row at every `|` not escaped, inside code spans too. */
const cells = (row: string) =>
  row
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split(/(?<!\\)\|/).length;

describe('docs/events.md tables', () => {
  it('give every row as many cells as its header, so that each renders (a `|` inside code splits a cell)', () => {
    const broken: string[] = [];
    let header: number | undefined;
    for (const line of doc.split('\n')) {
      if (!line.startsWith('|')) {
        header = undefined;
        continue;
      }
      if (header === undefined) header = cells(line);
      else if (cells(line) !== header) broken.push(line.slice(0, 80));
    }
    expect(broken).toEqual([]);
  });
});
