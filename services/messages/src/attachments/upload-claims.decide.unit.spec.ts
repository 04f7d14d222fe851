import { NO_ORGANIZATION } from '../messages/render-content';
import { channel } from '../testing/channels.fixtures';
import { channelMessage, editState } from '../testing/messages.fixtures';
import { contextOf, organization, REALM_HOST, U } from '../testing/users.fixtures';
import { decideEditMessage } from '../messages/edit-message/edit-message.decide';
import { editRequest } from '../messages/edit-message/edit-request';
import { buildAddressee } from '../messages/send-message/addressee';
import { decideSendMessage, type SendState } from '../messages/send-message/send-message.decide';
import type { ReadAttachment } from './attachments-read-model';
import type { PreviousClaim } from './detached-uploads';
import type { LinkedUploads } from './upload-claims';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const OWN = '1/ab/AAAAAAAAAAAAAAAAAAAAAAAA/own.txt';
const SHARED = '1/cd/BBBBBBBBBBBBBBBBBBBBBBBB/shared.png';
const PRIVATE = '1/ef/CCCCCCCCCCCCCCCCCCCCCCCC/private.pdf';
const UNKNOWN = '1/00/DDDDDDDDDDDDDDDDDDDDDDDD/gone.txt';

/** The member's own upload, another member's upload the member reads through a message, and one they cannot read. */
const LINKED: LinkedUploads = {
  [OWN]: { ownerId: U.member, readableBySender: false },
  [SHARED]: { ownerId: U.otherMember, readableBySender: true },
  [PRIVATE]: { ownerId: U.otherMember, readableBySender: false },
};

const link = (pathId: string, name = 'file') => `[${name}](/user_uploads/${pathId})`;

function send(content: string, linkedUploads: LinkedUploads = LINKED) {
  const ctx = contextOf(organization(), U.member);
  const state: SendState = {
    ctx,
    sender: ctx.actor,
    render: NO_ORGANIZATION,
    channel: channel(5, { name: 'Rome' }),
    senderSubscriptions: { userId: U.member, subscriptions: [] },
    lastMessageId: 41,
    messagesVersion: 41,
    dmGroupNo: null,
    lastDmGroupNo: 3,
    linkedUploads,
  };
  const [event] = decideSendMessage(
    { addressee: buildAddressee({ type: 'stream', to: 'Rome', topic: 'files' }), content, client: 'API' },
    state,
    NOW,
  ).events;
  return event.data.attachmentPathIds;
}

describe('which uploads a sent message claims (Zulip do_claim_attachments)', () => {
  it("given a link to the sender's own upload, then the message claims it", () => {
    expect(send(`see ${link(OWN)}`)).toEqual([OWN]);
  });

  it("given another user's upload the sender reads through a message claiming it, then the message claims it", () => {
    expect(send(link(SHARED))).toEqual([SHARED]);
  });

  it("given another user's upload the sender cannot read, then the message does not claim it", () => {
    expect(send(link(PRIVATE))).toBeUndefined();
  });

  it('given a link to a path no upload has, then nothing is claimed and the field is absent', () => {
    expect(send(link(UNKNOWN))).toBeUndefined();
    expect(send('no links at all')).toBeUndefined();
  });

  it('given the same upload linked twice and several uploads, then each is claimed once, sorted', () => {
    expect(send(`${link(SHARED)} ${link(OWN)} again ${link(OWN, 'again')} ${link(PRIVATE)}`)).toEqual([OWN, SHARED].sort());
  });

  it("given an absolute link on this server's URL, then it counts; on another server, it does not", () => {
    expect(send(`https://${REALM_HOST}/user_uploads/${OWN}`)).toEqual([OWN]);
    expect(send(`[x](http://${REALM_HOST.toUpperCase()}/user_uploads/${OWN}?download=1)`)).toEqual([OWN]);
    expect(send(`https://elsewhere.example.org/user_uploads/${OWN}`)).toBeUndefined();
  });

  it('given a path mentioned as plain text, not a link, then it is not claimed', () => {
    expect(send(`the file is at /user_uploads/${OWN}`)).toBeUndefined();
  });
});

const attachment = (pathId: string, attachmentId: number, ownerId: number = U.member): ReadAttachment => ({
  attachmentId,
  ownerId,
  pathId,
  name: pathId.split('/').pop()!,
  size: 10 * attachmentId,
  createdAt: '2026-02-01T00:00:00.000Z',
  contentType: 'text/plain',
});

function edit(
  content: string,
  claimedBefore: string[],
  previousClaims: Record<string, PreviousClaim>,
  linkedUploads: LinkedUploads = LINKED,
) {
  const ctx = contextOf(organization(), U.member);
  const message = channelMessage({
    conversation: { type: 'channel', channelId: 5, topic: 'files' },
    content: 'before',
    renderedContent: '<p>before</p>',
    timestamp: NOW.getTime() / 1000,
    attachmentPathIds: claimedBefore,
  });
  const state = editState(ctx, {
    message,
    channel: channel(5, { name: 'Rome', subscriberIds: [U.member] }),
    linkedUploads,
    previousClaims,
  });
  const request = editRequest({
    message_id: 20,
    content,
    propagate_mode: 'change_one',
    send_notification_to_old_thread: false,
    send_notification_to_new_thread: true,
  });
  const decision = decideEditMessage(request, state, new Date(NOW.getTime() + 10_000));
  const edited = decision.events.find((e) => e.type === 'message.content_edited.v1');
  return { claims: edited?.data.attachmentPathIds, reply: decision.reply };
}

describe('which uploads an edited message claims, and which it detaches (E1 detached_uploads)', () => {
  it('given the link to an own upload removed, then the message claims nothing and the reply lists the upload as detached', () => {
    const { claims, reply } = edit('no more file', [OWN], { [OWN]: { attachment: attachment(OWN, 7), claimedElsewhere: false } });
    expect(claims).toEqual([]);
    expect(reply).toEqual({
      detached_uploads: [
        { id: 7, name: 'own.txt', path_id: OWN, size: 70, create_time: Date.parse('2026-02-01T00:00:00.000Z'), messages: [] },
      ],
    });
  });

  it("given the removed upload is still claimed by another message, or is another user's, then it is not detached", () => {
    const previous = {
      [OWN]: { attachment: attachment(OWN, 7), claimedElsewhere: true },
      [SHARED]: { attachment: attachment(SHARED, 8, U.otherMember), claimedElsewhere: false },
    };
    expect(edit('nothing', [OWN, SHARED].sort(), previous).reply).toEqual({ detached_uploads: [] });
  });

  it('given a kept link and an added one, then the new full set is claimed, and a kept claim needs no new check', () => {
    // PRIVATE was claimed before (the sender could read it then): kept, as Zulip keeps existing claims.
    const { claims, reply } = edit(`${link(PRIVATE)} ${link(OWN)}`, [PRIVATE], {
      [PRIVATE]: { attachment: attachment(PRIVATE, 9, U.otherMember), claimedElsewhere: false },
    });
    expect(claims).toEqual([OWN, PRIVATE].sort());
    expect(reply).toEqual({ detached_uploads: [] });
  });

  it('given a kept link whose upload was deleted since, then it is no longer claimed', () => {
    const { [OWN]: _own, ...withoutOwn } = LINKED;
    expect(edit(link(OWN), [OWN], {}, withoutOwn).claims).toEqual([]);
  });
});
