import { newThreadBreadcrumb } from './breadcrumbs';

const moved = (topic: string) => ({
  from: { channelId: 5, channelName: 'general', topic: 'lunch' },
  to: { channelId: 7, channelName: "Bob's (old) team", topic },
  mover: '@_**Ann|3**',
  movedCount: 1,
  wholeTopic: false,
  messageId: 20,
});

describe('the breadcrumb left where one message was moved', () => {
  it("links to the message with Zulip's encode_hash_component: parentheses, quotes and ! escaped like other characters", () => {
    expect(newThreadBreadcrumb(moved('build (ci)!'))).toBe(
      '[A message](#narrow/channel/7-Bob.27s-.28old.29-team/topic/build.20.28ci.29.21/near/20) was moved here from #**general>lunch** by @_**Ann|3**.',
    );
  });
});
