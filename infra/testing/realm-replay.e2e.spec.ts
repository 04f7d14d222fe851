import {
  ALL_REALM_GROUP_SETTINGS,
  EventEnvelope,
  eventsTopic,
  RealmSettings,
  UserSettings,
  UsersEvent,
  type GroupSettingEventValue,
  type RealmSettingName,
} from '../../libs/contracts/src';
import { createKafka, createLogger, StackEndpointsSchema, TopicFollower } from '../../libs/platform/src';
import { REALM_CREATED_V1_SETTINGS } from '../../libs/zulip-rules/src';
import { api, owner } from '../../libs/testing/src';

interface ReplayedRealm {
  /** `realm.created.v1` carries no user settings defaults: Zulip's apply, which the server shows. */
  createdByV1: boolean;
  name: string;
  settings: Record<string, unknown>;
  userSettingsDefaults: Record<string, unknown>;
}

/** What a consumer outside the system knows of the organization after reading `users.events` from offset 0. */
async function replayRealm(): Promise<ReplayedRealm> {
  const logger = createLogger('realm-replay', 'warn');
  const kafka = createKafka('realm-replay', StackEndpointsSchema.parse(process.env).KAFKA_BROKERS, logger);
  let realm: ReplayedRealm | undefined;
  const follower = new TopicFollower(
    kafka,
    { name: 'realm-replay', topics: [eventsTopic('users')], stopAtEnd: true },
    async (batch) => {
      for (const record of batch) {
        const envelope = EventEnvelope.parse(JSON.parse(record.value.toString('utf8')));
        const parsed = UsersEvent.safeParse({ type: envelope.type, data: envelope.data });
        if (parsed.success) realm = evolve(realm, parsed.data);
      }
    },
    logger,
  );
  await follower.start();
  if (!realm) throw new Error('users.events holds no organization');
  return realm;
}

function evolve(realm: ReplayedRealm | undefined, event: UsersEvent): ReplayedRealm | undefined {
  switch (event.type) {
    case 'realm.created.v2':
      return {
        createdByV1: false,
        name: event.data.name,
        settings: { ...event.data.settings },
        userSettingsDefaults: { ...event.data.userSettingsDefaults },
      };
    case 'realm.created.v1':
      // The documented meaning of the older event.
      return { createdByV1: true, name: event.data.name, settings: { ...REALM_CREATED_V1_SETTINGS }, userSettingsDefaults: {} };
    case 'realm.setting_changed.v1':
      if (!realm) return realm;
      if (event.data.property === 'name') return { ...realm, name: String(event.data.value) };
      return { ...realm, settings: { ...realm.settings, [event.data.property]: event.data.value } };
    case 'realm.user_settings_default_changed.v1':
      return realm && { ...realm, userSettingsDefaults: { ...realm.userSettingsDefaults, [event.data.property]: event.data.value } };
    default:
      return realm;
  }
}

/** A group setting as the API shows it. */
const apiValue = (value: GroupSettingEventValue): unknown =>
  typeof value === 'number' ? value : { direct_members: value.directMembers, direct_subgroups: value.directSubgroups };

const isGroupSetting = (name: string) => (ALL_REALM_GROUP_SETTINGS as readonly string[]).includes(name);

/**
 * An event consumer rebuilds the organization from its events alone: what it knows after a
 * replay is what `GET /register` serves (other tests change settings meanwhile, so it tries again
 * until both agree).
 */
describe("the organization's settings, rebuilt by replaying users.events", () => {
  it('equal what the server serves, every setting and user settings default', async () => {
    const names = Object.keys(RealmSettings.shape) as RealmSettingName[];
    let attempt = 0;
    for (;;) {
      const served = await api('POST', '/register', {
        auth: owner(),
        params: { fetch_event_types: ['realm', 'realm_user_settings_defaults'] },
      });
      expect(served.status).toBe(200);
      const replayed = await replayRealm();
      const servedSettings = Object.fromEntries(names.map((name) => [name, served.body[`realm_${name}`]]));
      const replayedSettings = Object.fromEntries(
        names.map((name) => {
          const value = replayed.settings[name];
          return [name, isGroupSetting(name) ? apiValue(value as GroupSettingEventValue) : value];
        }),
      );
      const servedDefaults = served.body.realm_user_settings_defaults as Record<string, unknown>;
      const replayedDefaults = Object.fromEntries(
        Object.keys(UserSettings.shape).map((name) => [
          name,
          replayed.createdByV1 ? (replayed.userSettingsDefaults[name] ?? servedDefaults[name]) : replayed.userSettingsDefaults[name],
        ]),
      );
      const actual = { name: replayed.name, settings: replayedSettings, userSettingsDefaults: replayedDefaults };
      const expected = {
        name: served.body.realm_name,
        settings: servedSettings,
        userSettingsDefaults: Object.fromEntries(Object.keys(UserSettings.shape).map((name) => [name, servedDefaults[name]])),
      };
      attempt++;
      if (attempt < 5 && JSON.stringify(actual) !== JSON.stringify(expected)) continue;
      expect(actual).toEqual(expected);
      expect(Object.values(servedSettings).every((value) => value !== undefined)).toBe(true);
      return;
    }
  });
});
