import { Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { PlatformModule, SERVICE_CONFIG, ServiceRuntimeModule, type DomainServiceEntry } from '@zulip-es/platform';
import { AccountsModule } from './accounts.module';
import { BootstrapRealmModule } from './bootstrap-realm/bootstrap-realm.module';
import { UsersConfigSchema, type UsersConfig } from './config';
import { CustomEmojiModule } from './custom-emoji/custom-emoji.module';
import { InvitesModule } from './invites/invites.module';
import { LinkifiersModule } from './linkifiers/linkifiers.module';
import { NavigationViewsModule } from './navigation-views/navigation-views.module';
import { PlaygroundsModule } from './playgrounds/playgrounds.module';
import { PresenceModule } from './presence/presence.module';
import { ProfileFieldsModule } from './profile-fields/profile-fields.module';
import { UsersProjectionModule } from './projection/users-projection.module';
import { USERS_PROJECTION_VERSION } from './projection/users.projection';
import { RegisterModule } from './register/register.module';
import { SavedSnippetsModule } from './saved-snippets/saved-snippets.module';
import { ServerSettingsModule } from './server-settings/server-settings.module';
import { RealmModule } from './update-realm/realm.module';
import { UserGroupsModule } from './user-groups/user-groups.module';
import { UserSettingsModule } from './user-settings/user-settings.module';
import { UserStatusModule } from './user-status/user-status.module';

export const USERS: DomainServiceEntry = { service: 'users', port: (config) => (config as UsersConfig).USERS_PORT };

const platform = PlatformModule.forRoot({
  service: USERS.service,
  configSchema: UsersConfigSchema,
  projectionVersion: USERS_PROJECTION_VERSION,
});

/**
 * Owns the organization and its users: accounts, roles and API keys, groups, invitations, custom
 * profile fields, statuses and presence, settings, linkifiers, custom emoji, playgrounds,
 * navigation views and saved snippets.
 */
@Module({
  imports: [
    platform,
    ServiceRuntimeModule.forRoot({ projection: UsersProjectionModule }),
    // The BullMQ queues' and workers' own connections (no retry limit per request, as workers require).
    BullModule.forRootAsync({
      inject: [SERVICE_CONFIG],
      useFactory: (config: UsersConfig) => ({ connection: { url: config.REDIS_URL, maxRetriesPerRequest: null } }),
    }),
    UsersProjectionModule,
    BootstrapRealmModule,
    ServerSettingsModule,
    RegisterModule,
    AccountsModule,
    UserSettingsModule,
    UserStatusModule,
    PresenceModule,
    ProfileFieldsModule,
    UserGroupsModule,
    InvitesModule,
    RealmModule,
    LinkifiersModule,
    CustomEmojiModule,
    PlaygroundsModule,
    NavigationViewsModule,
    SavedSnippetsModule,
  ],
})
export class UsersModule {}

/** The projection alone, for the operator's rebuild and quarantine commands. */
@Module({ imports: [platform, UsersProjectionModule] })
export class UsersProjectionRootModule {}
