/**
 * `realm` keys about features this server does not have, each with the value Zulip gives a server
 * or organization where the feature is off, so that clients offer nothing that would fail.
 */
export const FEATURES_OFF = {
  // No video call provider is configured: Zulip's "None" (0) and its one offered choice.
  realm_video_chat_provider: 0,
  realm_available_video_chat_providers: { disabled: { name: 'None', id: 0 } },
  server_jitsi_server_url: null,
  jitsi_server_url: null,
  // No GIPHY integration.
  realm_giphy_rating: 0,
  // Messages are rendered without website previews (they need the server to fetch pages).
  server_inline_url_embed_preview: false,
  // No uploads of avatars, organization icons or logos (a limit of 0 MiB: such uploads are off).
  max_avatar_file_size_mib: 0,
  max_icon_file_size_mib: 0,
  max_logo_file_size_mib: 0,
  server_avatar_changes_disabled: true,
  // Users change neither their own name nor their own email (administrators change names).
  server_name_changes_disabled: true,
  realm_email_changes_disabled: true,
  // Passwords get no zxcvbn guess estimate (0: no minimum).
  password_min_guesses: 0,
  // Sign-ups are not checked against disposable email domains; no welcome or digest emails go out.
  realm_disallow_disposable_email_addresses: false,
  realm_send_welcome_emails: false,
  settings_send_digest_emails: false,
  realm_digest_emails_enabled: false,
  // No Zephyr mirroring, web-public channels or topic summaries.
  realm_is_zephyr_mirror_realm: false,
  server_web_public_streams_enabled: false,
  server_can_summarize_topics: false,
  // No automated announcements of new channels, new users or Zulip updates.
  realm_new_stream_announcements_stream_id: -1,
  realm_signup_announcements_stream_id: -1,
  realm_zulip_update_announcements_stream_id: -1,
  // Organizations are never deactivated here, so no deletion delay applies.
  server_min_deactivated_realm_deletion_days: null,
  server_max_deactivated_realm_deletion_days: null,
} as const;
