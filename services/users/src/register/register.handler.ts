import {
  MAX_AVATAR_FILE_SIZE_MIB,
  MAX_MESSAGE_LENGTH,
  MAX_STREAM_DESCRIPTION_LENGTH,
  MAX_STREAM_NAME_LENGTH,
  MAX_TOPIC_LENGTH,
  REALM_EMPTY_TOPIC_DISPLAY_NAME,
  registerQueue,
  ZULIP_FEATURE_LEVEL,
  ZULIP_MERGE_BASE,
  ZULIP_VERSION,
  type OperationData,
} from '@zulip-es/contracts';
import type { QueryHandler } from '@zulip-es/platform';
import { loadActor, type UsersDeps } from '../shared/users-deps';

/**
 * The organization's limits and message-editing policy (fetch type `realm`). There is no event
 * queue yet, so `queue_id` is null: real-time events are a later piece of work.
 */
export function registerHandler({ repo, config }: UsersDeps): QueryHandler<OperationData<typeof registerQueue>> {
  return {
    kind: 'query',
    schema: registerQueue.params,
    async handle({ actorId }) {
      const { realm } = await loadActor(repo, actorId);
      const { settings } = realm;
      return {
        queue_id: null,
        last_event_id: -1,
        zulip_feature_level: ZULIP_FEATURE_LEVEL,
        zulip_version: ZULIP_VERSION,
        zulip_merge_base: ZULIP_MERGE_BASE,
        max_topic_length: MAX_TOPIC_LENGTH,
        max_message_length: MAX_MESSAGE_LENGTH,
        max_stream_name_length: MAX_STREAM_NAME_LENGTH,
        max_stream_description_length: MAX_STREAM_DESCRIPTION_LENGTH,
        max_file_upload_size_mib: config.MAX_FILE_UPLOAD_SIZE_MIB,
        max_avatar_file_size_mib: MAX_AVATAR_FILE_SIZE_MIB,
        realm_empty_topic_display_name: REALM_EMPTY_TOPIC_DISPLAY_NAME,
        realm_name: realm.name,
        realm_allow_message_editing: settings.allowMessageEditing,
        realm_message_content_edit_limit_seconds: settings.messageContentEditLimitSeconds,
        realm_move_messages_within_stream_limit_seconds: settings.moveMessagesWithinStreamLimitSeconds,
        realm_move_messages_between_streams_limit_seconds: settings.moveMessagesBetweenStreamsLimitSeconds,
      };
    },
  };
}
