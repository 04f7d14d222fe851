import {
  MAX_AVATAR_FILE_SIZE_MIB,
  MAX_MESSAGE_LENGTH,
  MAX_STREAM_DESCRIPTION_LENGTH,
  MAX_STREAM_NAME_LENGTH,
  MAX_TOPIC_LENGTH,
  REALM_EMPTY_TOPIC_DISPLAY_NAME,
} from '@zulip-es/contracts';
import { settingValueView } from '../user-groups/group-rules';
import type { RegisterContext, RegisterSection } from './register-section';

/** Fetch type `realm`: the organization's limits and message-editing policy. */
export const realmSection: RegisterSection = {
  fetchType: 'realm',
  async state({ realm, config, repo }) {
    const { settings } = realm;
    return {
      max_topic_length: MAX_TOPIC_LENGTH,
      max_message_length: MAX_MESSAGE_LENGTH,
      max_stream_name_length: MAX_STREAM_NAME_LENGTH,
      max_stream_description_length: MAX_STREAM_DESCRIPTION_LENGTH,
      max_file_upload_size_mib: config.MAX_FILE_UPLOAD_SIZE_MIB,
      realm_upload_quota_mib: config.UPLOAD_QUOTA_MIB,
      max_avatar_file_size_mib: MAX_AVATAR_FILE_SIZE_MIB,
      realm_empty_topic_display_name: REALM_EMPTY_TOPIC_DISPLAY_NAME,
      realm_name: realm.name,
      realm_allow_message_editing: settings.allowMessageEditing,
      realm_message_content_edit_limit_seconds: settings.messageContentEditLimitSeconds,
      realm_move_messages_within_stream_limit_seconds: settings.moveMessagesWithinStreamLimitSeconds,
      realm_move_messages_between_streams_limit_seconds: settings.moveMessagesBetweenStreamsLimitSeconds,
      realm_message_edit_history_visibility_policy: settings.messageEditHistoryVisibilityPolicy,
      // Deprecated in Zulip 10.0 (feature level 358): false only for "none".
      realm_allow_edit_history: settings.messageEditHistoryVisibilityPolicy !== 'none',
      realm_description: settings.description,
      ...(await groupSettingFields(realm, repo)),
    };
  },
};

/** `realm_can_*_group`: each group-valued setting as a group id or `{direct_members, direct_subgroups}`. */
async function groupSettingFields(realm: RegisterContext['realm'], repo: RegisterContext['repo']): Promise<Record<string, unknown>> {
  const users = await repo.allUsers();
  const ctx = { usersById: new Map(users.map((u) => [u.userId, u])) };
  return Object.fromEntries(Object.entries(realm.settings.groups).map(([name, value]) => [`realm_${name}`, settingValueView(ctx, value)]));
}
