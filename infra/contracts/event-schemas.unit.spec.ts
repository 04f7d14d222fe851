import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import specs from '@asyncapi/specs';
import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { load } from 'js-yaml';
import { ALL_SERVICE_TOPICS, UsersEvent } from '../../libs/contracts/src';
import { eventSchemaFiles } from './event-schema-files';
import { asyncApiDocument, publishedEvents } from './event-schemas';

const repoRoot = path.resolve(__dirname, '..', '..');

describe('the machine-readable event contracts (docs/asyncapi.yaml, docs/event-schemas/)', () => {
  it('are what the zod contracts generate: run `npm run contracts` after changing an event', () => {
    const files = eventSchemaFiles();
    const onDisk = readdirSync(path.join(repoRoot, 'docs', 'event-schemas')).map((f) => `docs/event-schemas/${f}`);
    expect(onDisk.sort()).toEqual([...files.keys()].filter((f) => f.startsWith('docs/event-schemas/')).sort());
    for (const [file, content] of files)
      expect({ file, current: readFileSync(path.join(repoRoot, file), 'utf8') === content }).toEqual({ file, current: true });
  });

  it('describe every event of every events topic', () => {
    const events = publishedEvents();
    expect(new Set(events.map((e) => e.topic))).toEqual(
      new Set(ALL_SERVICE_TOPICS.filter((t) => t.name.endsWith('.events')).map((t) => t.name)),
    );
    expect(events.filter((e) => e.topic === 'users.events').map((e) => e.type)).toEqual(UsersEvent.options.map((o) => o.shape.type.value));
    expect(events.length).toBeGreaterThanOrEqual(100);
  });

  it('form a valid AsyncAPI 3.0 document', () => {
    // The specification's bundle carries its own draft-07 metaschema.
    const ajv = new Ajv({ strict: false, allErrors: true, meta: false, validateSchema: false, validateFormats: false });
    const validate = ajv.compile((specs as unknown as { schemas: Record<string, object> }).schemas['3.0.0']!);
    const doc = load(readFileSync(path.join(repoRoot, 'docs', 'asyncapi.yaml'), 'utf8')) as Record<string, unknown>;
    const valid = validate(doc);
    expect({ valid, errors: validate.errors?.slice(0, 3) ?? [] }).toEqual({ valid: true, errors: [] });
    const { info: _, ...withoutInfo } = asyncApiDocument('0.0.0');
    expect(validate(withoutInfo)).toBe(false);
  });

  describe('each event schema', () => {
    const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
    const record = {
      eventId: '0b7e7a34-6c1f-4a5e-9d36-2f1a3c8b9e01',
      aggregateId: 'user:5',
      sequence: 1,
      time: '2026-11-28T12:00:00.000Z',
      actorId: 1,
      correlationId: 'req-1',
      causationId: 'cmd-1',
    };

    it('accepts a record its zod contract accepts, and refuses what it refuses', () => {
      const schema = publishedEvents().find((e) => e.type === 'user.role_changed.v1')!.schema;
      const validate = ajv.compile(schema);
      const good = { ...record, type: 'user.role_changed.v1', data: { userId: 5, role: 200 } };
      expect(UsersEvent.safeParse({ type: good.type, data: good.data }).success).toBe(true);
      expect(validate(good)).toBe(true);
      for (const bad of [
        { ...good, type: 'user.role_changed.v2' },
        { ...good, data: { userId: 5 } },
        { ...good, data: { userId: 5, role: 'owner' } },
        { ...good, eventId: 'not-a-uuid' },
        { ...good, sequence: 0 },
      ])
        expect({ bad, valid: validate(bad) }).toEqual({ bad, valid: false });
    });

    it.each(publishedEvents().map((e) => [e.type, e.schema] as const))('%s compiles as JSON Schema 2020-12', (_type, schema) => {
      expect(() => addFormats(new Ajv2020({ strict: false })).compile(schema)).not.toThrow();
    });
  });
});
