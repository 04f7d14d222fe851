/**
 * Types for the parts of `zulip-js` (2.x, plain JavaScript, no types of its own) the end-to-end
 * suites use. They describe what the library does, read from its source:
 * - `realm` is the server's base URL; the library adds `/api/v1` (or `/v1` if `realm` already
 *   ends in `/api`) and keeps the result as `config.apiURL`.
 * - Without `apiKey`, `zulip()` logs in with `username` + `password` (POST /fetch_api_key) and
 *   keeps the key it gets; if that fails the client is still returned, with no key.
 * - POST sends `multipart/form-data`: arrays are JSON-encoded, anything else is appended as it
 *   is (a boolean makes the transport throw before sending: give `'true'`/`'false'`). Every
 *   other method sends the parameters in the query string, each `String(value)`-ed (so arrays
 *   and objects must be JSON-encoded by the caller).
 * - Every call resolves with the parsed JSON body, success or error alike (HTTP status is not
 *   surfaced); it rejects only when the answer is not JSON.
 */
declare module 'zulip-js' {
  namespace zulip {
    interface ApiKeyConfig {
      /** Server base URL, e.g. `http://127.0.0.1:9991`. */
      realm: string;
      /** The account's email. */
      username: string;
      apiKey: string;
    }
    interface PasswordConfig {
      realm: string;
      username: string;
      password: string;
    }
    interface ZuliprcConfig {
      /** Path to a zuliprc file (`[api]` with `site`, `email`, `key`). */
      zuliprc: string;
    }
    type Config = ApiKeyConfig | PasswordConfig | ZuliprcConfig;

    /** No booleans: POST cannot send them (see above); elsewhere `'true'` is what they become anyway. */
    type ParamValue = string | number | readonly (string | number)[];
    type Params = Record<string, ParamValue>;
    type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

    interface Success {
      result: 'success';
      msg: string;
      ignored_parameters_unsupported?: string[];
    }
    interface Failure {
      result: 'error';
      msg: string;
      code: string;
      [extra: string]: unknown;
    }
    /** What every call resolves with: Zulip's JSON body, success or error. */
    type Response<T = Record<string, unknown>> = (Success & T) | Failure;

    /** A user as GET /users and GET /users/{user_id} describe it. */
    interface User {
      user_id: number;
      email: string;
      delivery_email: string | null;
      full_name: string;
      role: number;
      is_active: boolean;
      is_admin: boolean;
      is_owner: boolean;
      is_guest: boolean;
      is_bot: boolean;
      avatar_url: string | null;
      date_joined: string;
      timezone: string;
      profile_data?: Record<string, { value: string; rendered_value?: string }>;
    }
    /** GET /users/me */
    interface Profile extends User {
      avatar_version: number;
      max_message_id: number;
    }
    interface ServerSettings {
      zulip_version: string;
      zulip_feature_level: number;
      push_notifications_enabled: boolean;
      authentication_methods: Record<string, boolean>;
      realm_uri?: string;
      realm_url?: string;
      realm_name?: string;
      [field: string]: unknown;
    }
    interface Registration {
      queue_id: string | null;
      last_event_id: number;
      zulip_version: string;
      zulip_feature_level: number;
      [field: string]: unknown;
    }

    interface Client {
      /** The configuration in use, with the `apiURL` the library derived and the key it fetched. */
      config: { realm: string; username: string; apiKey?: string; password?: string; apiURL: string };
      /** Any endpoint by its path under `/api/v1`. */
      callEndpoint<T = Record<string, unknown>>(endpoint: string, method?: HttpMethod, params?: Params): Promise<Response<T>>;
      accounts: { retrieve(): Promise<Response<{ api_key: string; email: string; user_id: number }>> };
      server: { settings(params?: Params): Promise<Response<ServerSettings>> };
      users: {
        /** GET /users */
        retrieve(params?: Params): Promise<Response<{ members: User[] }>>;
        /** POST /users */
        create(params: Params): Promise<Response<{ user_id: number }>>;
        me: {
          /** GET /users/me */
          getProfile(): Promise<Response<Profile>>;
          pointer: { retrieve(params?: Params): Promise<Response>; update(id: number): Promise<Response> };
          subscriptions: { add(params: Params): Promise<Response>; remove(params: Params): Promise<Response> };
          alertWords: { retrieve(params?: Params): Promise<Response> };
        };
      };
      /** GET /realm/filters (Zulip's legacy linkifier list). */
      filters: { retrieve(params?: Params): Promise<Response> };
      queues: {
        /** POST /register; `event_types` is JSON-encoded by the library (and any array by the transport). */
        register(params?: Params): Promise<Response<Registration>>;
        /** DELETE /events */
        deregister(params: Params): Promise<Response>;
      };
      events: { retrieve(params?: Params): Promise<Response> };
      emojis: { retrieve(params?: Params): Promise<Response> };
      streams: {
        /** GET /streams */
        retrieve(params?: Params): Promise<Response>;
        /** GET /get_stream_id with `stream` (a bare name is accepted too). */
        getStreamId(params: Params | string): Promise<Response<{ stream_id: number }>>;
        /** GET /users/me/subscriptions */
        subscriptions: { retrieve(params?: Params): Promise<Response> };
        /** GET /users/me/{stream_id}/topics (zulip-js sends no other parameter). */
        topics: { retrieve(params: { stream_id: number }): Promise<Response<{ topics: { name: string; max_id: number }[] }>> };
      };
      messages: {
        retrieve(params?: Params): Promise<Response>;
        send(params: Params): Promise<Response>;
        getById(params: Params): Promise<Response>;
        deleteById(params: Params): Promise<Response>;
        update(params: Params): Promise<Response>;
      };
      typing: { send(params: Params): Promise<Response> };
      reactions: { add(params: Params): Promise<Response>; remove(params: Params): Promise<Response> };
    }
  }

  function zulip(config: zulip.Config): Promise<zulip.Client>;
  export = zulip;
}
