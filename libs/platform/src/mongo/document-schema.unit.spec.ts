import mongoose from 'mongoose';
import { documentModel, documentSchema } from './document-schema';

type NoteDoc = { _id: string; userId: number; text: string; tags: string[]; body: Record<string, unknown>; seenAt?: Date };
const NOTES = documentSchema<NoteDoc>('notes', { userId: 'Number', text: 'String', tags: ['String'], body: 'Mixed', seenAt: 'Date' }, [
  [{ userId: 1, text: 1 }, { unique: true }],
]);

/** A connection never opened: models are built and cast without a store. */
const unopened = () => mongoose.createConnection();

describe('document schemas: models that keep documents as the code writes them', () => {
  it('declares the fields under their types, with a string _id', () => {
    const { schema } = documentModel(unopened(), NOTES);
    expect(schema.path('_id').instance).toBe('String');
    expect(schema.path('userId').instance).toBe('Number');
    expect(schema.path('tags').instance).toBe('Array');
    expect(schema.path('body').instance).toBe('Mixed');
    expect(schema.path('seenAt').instance).toBe('Date');
  });

  it('gives no field a default, lists included (an upsert would store it)', () => {
    const Notes = documentModel(unopened(), NOTES);
    expect(new Notes({ userId: 7 }, null, true).toBSON()).toStrictEqual({ userId: 7 });
  });

  it('declares its indexes without building them on its own', () => {
    const { schema } = documentModel(unopened(), NOTES);
    expect(schema.indexes()).toEqual([[{ userId: 1, text: 1 }, expect.objectContaining({ unique: true })]]);
    expect(schema.get('autoIndex')).toBe(false);
    expect(schema.get('autoCreate')).toBe(false);
  });

  it('registers one model per collection and connection, and refuses a second schema for a collection', () => {
    const connection = unopened();
    expect(documentModel(connection, NOTES)).toBe(documentModel(connection, NOTES));
    expect(documentModel(unopened(), NOTES)).not.toBe(documentModel(connection, NOTES));
    const other = documentSchema<{ _id: string; text: string }>('notes', { text: 'String' });
    expect(() => documentModel(connection, other)).toThrow('collection notes is declared by two schemas on one connection');
  });
});
