import { Module } from '@nestjs/common';
import { PlatformModule, ServiceRuntimeModule, type DomainServiceEntry } from '@zulip-es/platform';
import { PushConfigSchema, type PushConfig } from './config';
import { DevicesModule } from './devices/devices.module';
import { NotificationsModule } from './notifications/notifications.module';
import { PushBackground } from './push-background';
import { PushProjectionModule } from './projection/push-projection.module';
import { PUSH_PROJECTION_VERSION } from './projection/push.projection';
import { RegisterModule } from './register/register.module';
import { RegistrationProcessor } from './registration/registration.processor';

export const PUSH: DomainServiceEntry = { service: 'push', port: (config) => (config as PushConfig).PUSH_PORT };

const platform = PlatformModule.forRoot({
  service: PUSH.service,
  configSchema: PushConfigSchema,
  projectionVersion: PUSH_PROJECTION_VERSION,
});

/** Owns mobile devices (legacy tokens and end-to-end encrypted registrations) and push notifications. */
@Module({
  imports: [
    platform,
    ServiceRuntimeModule.forRoot({ projection: PushProjectionModule }),
    PushProjectionModule,
    DevicesModule,
    NotificationsModule,
    RegisterModule,
  ],
  providers: [PushBackground, RegistrationProcessor],
})
export class PushModule {}

/** The projection alone, for the operator's rebuild and quarantine commands. */
@Module({ imports: [platform, PushProjectionModule] })
export class PushProjectionRootModule {}
