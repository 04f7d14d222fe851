import { getCustomProfileFields, type OperationData } from '@zulip-es/contracts';
import type { QueryHandler } from '@zulip-es/platform';
import { loadActor, type UsersDeps } from '../../shared/users-deps';
import { profileFieldsView } from '@zulip-es/zulip-rules';

/** Any member of the organization, guests included, reads the profile form. */
export function listProfileFieldsHandler({ repo }: UsersDeps): QueryHandler<OperationData<typeof getCustomProfileFields>> {
  return {
    kind: 'query',
    schema: getCustomProfileFields.params,
    async handle({ actorId }) {
      await loadActor(repo, actorId);
      return { custom_fields: profileFieldsView((await repo.profileFieldsState()).fields) };
    },
  };
}
