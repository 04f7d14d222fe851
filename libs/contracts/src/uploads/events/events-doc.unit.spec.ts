import { readFileSync } from 'node:fs';
import path from 'node:path';
import { UploadsEvent } from './index';

const doc = readFileSync(path.resolve(__dirname, '../../../../../docs/events.md'), 'utf8');

describe('docs/events.md, the published event interface of uploads.events', () => {
  it.each(UploadsEvent.options.map((o) => o.shape.type.value))('documents %s', (type) => {
    expect(doc.slice(doc.indexOf('## uploads.events'))).toContain(`\`${type}\``);
  });
});
