import {
  decideCreateChannelFolder,
  decideReorderChannelFolders,
  decideUpdateChannelFolder,
  type FolderDecisionState,
} from './channel-folders.decide';
import {
  evolveChannelFolders,
  listChannelFolders,
  NO_CHANNEL_FOLDERS,
  type ChannelFolder,
  type ChannelFoldersState,
} from './channel-folders.state';

const NOW = new Date('2026-11-27T12:00:00.000Z');
const folder = (folderId: number, overrides: Partial<ChannelFolder> = {}): ChannelFolder => ({
  folderId,
  name: `Folder ${folderId}`,
  description: '',
  renderedDescription: '',
  order: folderId,
  creatorId: 1,
  createdAt: NOW.toISOString(),
  isArchived: false,
  ...overrides,
});
const given = (folders: ChannelFolder[], overrides: Partial<FolderDecisionState> = {}): FolderDecisionState => ({
  folders: { folders, version: folders.length },
  actorId: 7,
  render: (text) => `<p>${text}</p>`,
  inUse: () => false,
  ...overrides,
});
const refused = (msg: string) => expect.objectContaining({ code: 'BAD_REQUEST', msg });
/** The folders after a decision's events. */
const after = (state: ChannelFoldersState, events: { type: string; data: unknown; sequence: number }[]) =>
  events.reduce((s, e) => evolveChannelFolders(s, e as Parameters<typeof evolveChannelFolders>[1], e.sequence), state);

describe('channel folders', () => {
  it('creates a folder after the others, its order its id, its description rendered', () => {
    const decision = decideCreateChannelFolder(
      { name: 'Teams', description: 'All **teams**' },
      given([folder(1), folder(2, { isArchived: true })]),
      NOW,
    );
    expect(decision.reply).toEqual({ channel_folder_id: 3 });
    expect(decision.events).toEqual([
      {
        type: 'channel_folder.created.v1',
        aggregateId: 'channel_folders',
        sequence: 3,
        data: {
          folderId: 3,
          name: 'Teams',
          description: 'All **teams**',
          renderedDescription: '<p>All **teams**</p>',
          order: 3,
          creatorId: 7,
          createdAt: NOW.toISOString(),
        },
      },
    ]);
  });

  it("refuses a blank, unprintable or taken name (archived folders' names are free)", () => {
    const state = given([folder(1, { name: 'Teams' }), folder(2, { name: 'Old', isArchived: true })]);
    expect(() => decideCreateChannelFolder({ name: '  ', description: '' }, state, NOW)).toThrow(
      refused("Channel folder name can't be empty."),
    );
    expect(() => decideCreateChannelFolder({ name: 'a\u0000b', description: '' }, state, NOW)).toThrow(
      refused('Invalid character in channel folder name, at position 2.'),
    );
    expect(() => decideCreateChannelFolder({ name: 'TEAMS', description: '' }, state, NOW)).toThrow(
      refused('Channel folder name already in use'),
    );
    expect(decideCreateChannelFolder({ name: 'old', description: '' }, state, NOW).events).toHaveLength(1);
  });

  it('updates only what changed, one event each, and archives only an empty folder', () => {
    const state = given([folder(1, { name: 'Teams', description: 'd' })]);
    const decision = decideUpdateChannelFolder({ channel_folder_id: 1, name: 'Squads', description: 'd', is_archived: true }, state);
    expect(decision.events.map((e) => e.data)).toEqual([
      { folderId: 1, name: 'Squads' },
      { folderId: 1, isArchived: true },
    ]);
    expect(decideUpdateChannelFolder({ channel_folder_id: 1, name: 'Teams' }, state).events).toEqual([]);
    expect(() => decideUpdateChannelFolder({ channel_folder_id: 1, is_archived: true }, given([folder(1)], { inUse: () => true }))).toThrow(
      refused('You need to remove all the channels from this folder to archive it.'),
    );
    expect(() => decideUpdateChannelFolder({ channel_folder_id: 9 }, state)).toThrow(refused('Invalid channel folder ID'));
  });

  it('reorders when every folder is listed, and lists them by their new order', () => {
    const state = given([folder(1), folder(2), folder(3, { isArchived: true })]);
    expect(() => decideReorderChannelFolders({ order: [2, 1] }, state)).toThrow(refused('Invalid order mapping.'));
    const decision = decideReorderChannelFolders({ order: [3, 2, 1] }, state);
    const reordered = after(state.folders, decision.events);
    expect(listChannelFolders(reordered, false).map((f) => [f.id, f.order])).toEqual([
      [2, 1],
      [1, 2],
    ]);
    expect(listChannelFolders(reordered, true).map((f) => f.id)).toEqual([3, 2, 1]);
    expect(listChannelFolders(NO_CHANNEL_FOLDERS, true)).toEqual([]);
  });
});
