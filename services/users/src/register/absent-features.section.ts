import type { RegisterSection } from './register-section';

/**
 * Fetch types of features this server does not offer, each answered with Zulip's value for an
 * organization that has none of it, so a client asking for every fetch type (as the mobile app
 * does) finds every key the document promises, and nothing it could act on:
 * - `realm_bot`: bots the user owns (no API here creates bots; system bots are never listed);
 * - `realm_embedded_bots`, `realm_incoming_webhook_bots`: no embedded bots or incoming webhooks;
 * - `default_stream_groups`: no default channel groups; `realm_domains`: no restricted domains;
 * - `stop_words`: no full-text search to leave them out of; `onboarding_steps`: none to show, no tour video;
 * - `video_calls`: no Zoom integration; `giphy`: no GIPHY key;
 * - `realm_billing`: a self-hosted server bills nobody.
 */
const absent = (fetchType: string, state: Record<string, unknown>): RegisterSection => ({
  fetchType,
  async state() {
    return structuredClone(state);
  },
});

export const ABSENT_FEATURE_SECTIONS: readonly RegisterSection[] = [
  absent('realm_bot', { realm_bots: [] }),
  absent('realm_embedded_bots', { realm_embedded_bots: [] }),
  absent('realm_incoming_webhook_bots', { realm_incoming_webhook_bots: [] }),
  absent('default_stream_groups', { realm_default_stream_groups: [] }),
  absent('realm_domains', { realm_domains: [] }),
  absent('stop_words', { stop_words: [] }),
  absent('onboarding_steps', { onboarding_steps: [], navigation_tour_video_url: null }),
  absent('video_calls', { has_zoom_token: false }),
  absent('giphy', { giphy_api_key: '' }),
  absent('realm_billing', { realm_billing: { has_pending_sponsorship_request: false } }),
];
