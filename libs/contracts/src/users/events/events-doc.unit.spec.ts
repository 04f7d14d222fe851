import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ALL_SERVICE_TOPICS } from '../../topics';
import { UsersEvent } from './index';

const doc = readFileSync(path.resolve(__dirname, '../../../../../docs/events.md'), 'utf8');

describe('docs/events.md, the published event interface', () => {
  it.each(UsersEvent.options.map((o) => o.shape.type.value))('documents %s', (type) => {
    expect(doc).toContain(`\`${type}\``);
  });

  it.each(ALL_SERVICE_TOPICS.filter((t) => t.retention === 'forever').map((t) => t.name))('lists the events topic %s', (name) => {
    expect(doc).toContain(`\`${name}\``);
  });
});
