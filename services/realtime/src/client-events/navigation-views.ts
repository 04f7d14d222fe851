import { toOwner, type ClientEventsOf } from './client-event';

export const navigationViewAdded: ClientEventsOf<'navigation_view.added.v1'> = ({ data }) =>
  toOwner(data.userId, {
    type: 'navigation_view',
    op: 'add',
    navigation_view: { fragment: data.fragment, is_pinned: data.isPinned, name: data.name },
  });

export const navigationViewUpdated: ClientEventsOf<'navigation_view.updated.v1'> = ({ data }) =>
  toOwner(data.userId, {
    type: 'navigation_view',
    op: 'update',
    fragment: data.fragment,
    data: { ...(data.isPinned !== undefined ? { is_pinned: data.isPinned } : {}), ...(data.name !== undefined ? { name: data.name } : {}) },
  });

export const navigationViewRemoved: ClientEventsOf<'navigation_view.removed.v1'> = ({ data }) =>
  toOwner(data.userId, { type: 'navigation_view', op: 'remove', fragment: data.fragment });
