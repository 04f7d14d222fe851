import { Controller, Inject } from '@nestjs/common';
import { getRealmExportConsents, type ReplyOf } from '@zulip-es/contracts';
import { QueryPattern } from '@zulip-es/platform';
import { USERS_DEPS, type UsersDeps } from '../shared/users-deps';
import { exportConsents } from './export-consents';

@Controller()
export class ExportConsentsHandler {
  constructor(@Inject(USERS_DEPS) private readonly deps: UsersDeps) {}

  /** GET /export/realm/consents (administrators: checked by the gateway). */
  @QueryPattern(getRealmExportConsents)
  async consents(): Promise<ReplyOf<typeof getRealmExportConsents>> {
    return { export_consents: exportConsents(await this.deps.repo.allUsers()) };
  }
}
