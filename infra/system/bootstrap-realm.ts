import type { BootstrapRealm, BootstrapRealmReply } from '../../libs/contracts/src';
import { StackEndpointsSchema } from '../../libs/platform/src/config/stack-endpoints';
import { createOrganization, zuliprc } from '../../services/users/src/bootstrap-realm/create-organization';

export { zuliprc };
export type BootstrapOptions = BootstrapRealm;

/** Creates the organization and its owner on the configured stack, or returns the existing owner (see createOrganization). */
export function bootstrapRealm(options: BootstrapOptions, timeoutMs = 30_000): Promise<BootstrapRealmReply> {
  return createOrganization(options, StackEndpointsSchema.parse(process.env).KAFKA_BROKERS, timeoutMs);
}
