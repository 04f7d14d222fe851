import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PushEvent } from './index';

const doc = readFileSync(path.resolve(__dirname, '../../../../../docs/events.md'), 'utf8');

describe('docs/events.md, the published event interface of push.events', () => {
  it.each(PushEvent.options.map((o) => o.shape.type.value))('documents %s', (type) => {
    expect(doc.slice(doc.indexOf('## push.events'))).toContain(`\`${type}\``);
  });
});
