import { captureEvents, createChannel, type EventCapture } from '@zulip-es/testing';
import { failed, newUserClient, succeeded } from './zulip-js-client';

/**
 * E3 and E4 through zulip-js. It has no method for either endpoint, so the application calls
 * `callEndpoint`: POST sends numbers as form values, PATCH sends everything in the query string.
 * With no read endpoint for policies yet (POST /register comes later), the published events show
 * what each call changed.
 */
describe('zulip-js: topic visibility policies (E3, E4)', () => {
  let capture: EventCapture;
  beforeAll(async () => {
    capture = await captureEvents('messages');
  });
  afterAll(() => capture.stop());

  it('follows a topic, mutes it through the deprecated endpoint, and unmutes it', async () => {
    const { client, user } = await newUserClient({ label: 'zjs-topics' });
    const id = await createChannel({ subscribers: [user.userId] });
    expect(succeeded(await client.callEndpoint('/user_topics', 'POST', { stream_id: id, topic: 'dinner', visibility_policy: 3 }))).toEqual({
      result: 'success',
      msg: '',
    });
    succeeded(await client.callEndpoint('/users/me/subscriptions/muted_topics', 'PATCH', { op: 'add', topic: 'Dinner', stream_id: id }));
    succeeded(await client.callEndpoint('/users/me/subscriptions/muted_topics', 'PATCH', { op: 'add', topic: 'dinner', stream_id: id }));
    succeeded(await client.callEndpoint('/users/me/subscriptions/muted_topics', 'PATCH', { op: 'remove', topic: 'dinner', stream_id: id }));
    await capture.waitFor(
      (e) => e.type === 'user_topic.visibility_policy_changed.v1' && e.data.userId === user.userId && e.data.visibilityPolicy === 0,
    );
    const mine = capture.events.filter((e) => e.type === 'user_topic.visibility_policy_changed.v1' && e.data.userId === user.userId);
    expect(mine.map((e) => [e.data.channelId, e.data.topicName, e.data.visibilityPolicy])).toEqual([
      [id, 'dinner', 3],
      [id, 'Dinner', 1],
      [id, 'dinner', 0],
    ]);
  });

  it('answers the errors Zulip answers', async () => {
    const { client } = await newUserClient({ label: 'zjs-topics-bad' });
    const error = (msg: string) => ({ result: 'error', code: 'BAD_REQUEST', msg });
    expect(failed(await client.callEndpoint('/user_topics', 'POST', { stream_id: 999_999, topic: 'x', visibility_policy: 1 }))).toEqual(
      error('Invalid channel ID'),
    );
    expect(failed(await client.callEndpoint('/user_topics', 'POST', { stream_id: 1, topic: 'x', visibility_policy: 5 }))).toEqual(
      error('Invalid visibility_policy: Value error, Not in the list of possible values'),
    );
    expect(failed(await client.callEndpoint('/users/me/subscriptions/muted_topics', 'PATCH', { op: 'add', topic: 'x' }))).toEqual(
      error("Missing 'stream_id' argument"),
    );
    expect(
      failed(
        await client.callEndpoint('/users/me/subscriptions/muted_topics', 'PATCH', { op: 'remove', topic: 'x', stream: 'no such channel' }),
      ),
    ).toEqual(error('Topic is not muted'));
  });
});
