import { toOwner, type ClientEventsOf } from './client-event';

/** Zulip's `push_device`: the status of one of the user's registrations, as `push_devices` in POST /register shows it. */
export const registrationRequested: ClientEventsOf<'push_device.registration_requested.v1'> = ({ data }) =>
  toOwner(data.userId, { type: 'push_device', push_account_id: String(data.pushAccountId), status: 'pending', error_code: null });

export const deviceRegistered: ClientEventsOf<'push_device.registered.v1'> = ({ data }) =>
  toOwner(data.userId, { type: 'push_device', push_account_id: String(data.pushAccountId), status: 'active', error_code: null });

export const registrationFailed: ClientEventsOf<'push_device.registration_failed.v1'> = ({ data }) =>
  toOwner(data.userId, { type: 'push_device', push_account_id: String(data.pushAccountId), status: 'failed', error_code: data.errorCode });
