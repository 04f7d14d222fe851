import { randomBytes } from 'node:crypto';
import { api, captureEvents, createUser, owner, systemInfo, uniqueEmail, type EventCapture } from '@zulip-es/testing';

describe('custom profile field and user update events', () => {
  let capture: EventCapture;
  beforeAll(async () => {
    capture = await captureEvents('users');
  });
  afterAll(() => capture.stop());

  it('publishes the field, the value and, on deletion, the field removal and the cleared value', async () => {
    const user = await createUser({ label: 'profile-events' });
    const name = `Ev ${randomBytes(4).toString('hex')}`;
    const created = await api('POST', '/realm/profile_fields', { auth: owner(), params: { field_type: 1, name } });
    const fieldId = created.body.id as number;
    await api('PATCH', `/users/${user.userId}`, { auth: owner(), params: { profile_data: [{ id: fieldId, value: '*hi*' }] } });
    await api('DELETE', `/realm/profile_fields/${fieldId}`, { auth: owner() });

    const relevant = (e: { type: string; data: Record<string, unknown> }) =>
      (e.type.startsWith('custom_profile_field') &&
        ((e.data.field as { id?: number } | undefined)?.id === fieldId || e.data.fieldId === fieldId)) ||
      (e.type === 'user.profile_data_changed.v1' && e.data.userId === user.userId);
    await capture.waitFor((e) => e.type === 'custom_profile_field.deleted.v1' && e.data.fieldId === fieldId);
    await capture.waitFor(
      (e) =>
        e.type === 'user.profile_data_changed.v1' &&
        e.data.userId === user.userId &&
        (e.data.changes as { value: unknown }[])[0].value === null,
    );
    const owned = systemInfo().owner.userId;
    expect(capture.events.filter(relevant).map((e) => [e.type, e.aggregateId, e.data, e.actorId])).toEqual([
      [
        'custom_profile_field.created.v1',
        'custom_profile_fields',
        {
          field: {
            id: fieldId,
            type: 1,
            name,
            hint: '',
            fieldData: '',
            order: fieldId,
            required: false,
            editableByUser: true,
            displayInProfileSummary: false,
          },
        },
        owned,
      ],
      [
        'user.profile_data_changed.v1',
        `user:${user.userId}`,
        { userId: user.userId, changes: [{ fieldId, value: '*hi*', renderedValue: '<p><em>hi</em></p>' }] },
        owned,
      ],
      ['custom_profile_field.deleted.v1', 'custom_profile_fields', { fieldId }, owned],
      ['user.profile_data_changed.v1', `user:${user.userId}`, { userId: user.userId, changes: [{ fieldId, value: null }] }, owned],
    ]);
  });

  it('publishes an email change with the previous address, and nothing for a refused one', async () => {
    const user = await createUser({ label: 'email-events' });
    const email = uniqueEmail('changed');
    await api('PATCH', `/users/${user.userId}`, { auth: owner(), params: { new_email: 'bad', full_name: 'Not Applied' } });
    await api('PATCH', `/users/${user.userId}`, { auth: owner(), params: { new_email: email } });
    const event = await capture.waitFor((e) => e.type === 'user.email_changed.v1' && e.data.userId === user.userId);
    expect(event).toMatchObject({
      aggregateId: `user:${user.userId}`,
      sequence: 2,
      data: { userId: user.userId, deliveryEmail: email, previousEmail: user.email },
    });
    expect(capture.events.filter((e) => e.aggregateId === `user:${user.userId}` && e.type === 'user.full_name_changed.v1')).toEqual([]);
  });
});
