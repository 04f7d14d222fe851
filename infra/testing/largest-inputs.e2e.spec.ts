import {
  DEFAULT_MAX_FILE_UPLOAD_SIZE_MIB,
  MAX_SUBSCRIPTION_PROPERTY_CHANGES_PER_REQUEST,
  OPERATIONS,
  Role,
  type Operation,
} from '../../libs/contracts/src';
import { isAlive } from '../stack/processes';
import {
  api,
  createChannel,
  createGroup,
  createUser,
  largestInput,
  owner,
  systemInfo,
  uploadFile,
  type Credentials,
  type TestUser,
} from '../../libs/testing/src';
import { SERVICES, type ServiceId } from '../system/service-process';
import { runningPid } from './extra-processes';

/**
 * Every operation, sent its largest valid input (every text at its bound, every list at its most
 * items, within the gateway's body limit), answers with a Zulip success or error, never a 5xx;
 * afterwards every service is still the process it was, ready and answering.
 */

/** Organization-wide settings: sent as a member (refused), so that other tests keep their organization. */
const ORGANIZATION_WIDE = new Set([
  'realm.update',
  'realm.update_user_settings_defaults',
  'linkifier.add',
  'linkifier.update',
  'linkifier.remove',
  'linkifier.reorder',
  'custom_profile_field.create',
  'custom_profile_field.update',
  'custom_profile_field.delete',
  'custom_profile_field.reorder',
  'default_channel.add',
  'default_channel.remove',
]);

interface Fixtures {
  admin: TestUser;
  member: TestUser;
  target: TestUser;
  channelId: number;
  channelName: string;
  messageIds: { kept: number; deleted: number };
  groupId: number;
  draftId: number;
  attachmentId: number;
}

/** Parameters that must name something of this test's, by name (and for `message_id`, by operation). */
function given(op: Operation, f: Fixtures): (name: string) => unknown {
  const values: Record<string, unknown> = {
    user_id: f.target.userId,
    muted_user_id: f.target.userId,
    email: f.target.email,
    stream_id: f.channelId,
    message_id: op.type === 'message.delete' ? f.messageIds.deleted : f.messageIds.kept,
    user_group_id: f.groupId,
    draft_id: f.draftId,
    attachment_id: f.attachmentId,
    filter_id: 999_999_999,
    field_id: 999_999_999,
    invite_id: 999_999_999,
    // Zulip's enumerations, checked beyond their type.
    invite_as: Role.GUEST,
    visibility_policy: 3,
    // One user: the bound is on channels × users.
    principals: [f.member.userId],
    // As many changes as a request takes, all of a subscription the caller holds (each an event).
    subscription_data: Array.from({ length: MAX_SUBSCRIPTION_PROPERTY_CHANGES_PER_REQUEST }, (_, i) => ({
      stream_id: f.channelId,
      property: 'color',
      value: `#${String(i).padStart(6, '0')}`,
    })),
    to: op.type === 'message.send' ? f.channelName : undefined,
  };
  return (name) => values[name];
}

/** The request as a client sends it: path parameters in the path, the rest in the form or query. */
async function send(
  op: Operation,
  input: Record<string, unknown>,
  auth: Credentials,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const params = { ...input };
  const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = params[name];
    delete params[name];
    return encodeURIComponent(String(value));
  });
  if (op.takesFile) {
    const form = new FormData();
    form.append('file', new Blob([Buffer.alloc(DEFAULT_MAX_FILE_UPLOAD_SIZE_MIB * 1024 * 1024, 120)]), 'x'.repeat(200));
    return api(op.method, path, { auth, multipart: form });
  }
  return api(op.method, path, { auth, params });
}

describe('every operation with its largest valid input', () => {
  let f: Fixtures;
  /** The process of each service when the test began (a crash test may have replaced the first). */
  let pids: Record<ServiceId, number>;

  beforeAll(async () => {
    pids = Object.fromEntries(SERVICES.map((service) => [service, runningPid(service)])) as Record<ServiceId, number>;
    const [admin, member, target] = [
      await createUser({ role: Role.ADMINISTRATOR, label: 'largest' }),
      await createUser({ label: 'largest-member' }),
      await createUser({ label: 'largest-target' }),
    ];
    const channelName = `largest-${Date.now()}`;
    const channelId = await createChannel({ name: channelName, subscribers: [admin.userId, member.userId] }, admin);
    const sendMessage = async () =>
      (await api('POST', '/messages', { auth: admin, params: { type: 'stream', to: channelName, topic: 'largest', content: 'hello' } }))
        .body.id as number;
    const messageIds = { kept: await sendMessage(), deleted: await sendMessage() };
    const groupId = await createGroup({ members: [member.userId] }, admin);
    const drafts = await api('POST', '/drafts', { auth: admin, params: { drafts: [{ type: '', to: [], topic: '', content: 'draft' }] } });
    const upload = await uploadFile(admin, 'small.txt');
    const attachments = (await api('GET', '/attachments', { auth: admin })).body.attachments as { id: number; path_id: string }[];
    f = {
      admin,
      member,
      target,
      channelId,
      channelName,
      messageIds,
      groupId,
      draftId: (drafts.body.ids as number[])[0]!,
      attachmentId: attachments.find((a) => a.path_id === upload.pathId)!.id,
    };
  });

  it.each(OPERATIONS.map((op) => [`${op.method} ${op.path}`, op] as const))('%s answers without a server error', async (_name, op) => {
    const input = largestInput(op, given(op, f));
    expect(op.params.safeParse(input).success).toBe(true);
    const auth = ORGANIZATION_WIDE.has(op.type) ? f.member : f.admin;
    const res = await send(op, input, auth);
    expect({ status: res.status, result: res.body.result }).toEqual({
      status: expect.any(Number),
      result: res.status === 200 ? 'success' : 'error',
    });
    expect(res.status).toBeLessThan(500);
  });

  it('leaves every service running, the same process, ready and answering', async () => {
    const { ports } = systemInfo();
    for (const [service, pid] of Object.entries(pids)) {
      expect({ service, alive: isAlive(pid) }).toEqual({ service, alive: true });
      const health = await fetch(`http://127.0.0.1:${ports[service]}/health`);
      expect({ service, status: health.status }).toEqual({ service, status: 200 });
    }
    const sent = await api('POST', '/messages', {
      auth: owner(),
      params: { type: 'stream', to: f.channelName, topic: 'after', content: 'still here' },
    });
    expect(sent.body).toMatchObject({ result: 'success' });
  });
});
