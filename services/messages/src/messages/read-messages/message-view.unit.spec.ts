import type { EditHistoryEntry } from '../message.state';
import { visibleEditHistory } from './message-view';

const contentEdit: EditHistoryEntry = { user_id: 5, timestamp: 300, prev_content: 'old', prev_rendered_content: '<p>old</p>' };
const topicMove: EditHistoryEntry = { user_id: 6, timestamp: 200, prev_topic: 'a', topic: 'b' };
const channelMove: EditHistoryEntry = { user_id: 6, timestamp: 150, prev_stream: 3, stream: 4 };
const contentAndTopic: EditHistoryEntry = {
  user_id: 5,
  timestamp: 100,
  prev_content: 'first',
  prev_rendered_content: '<p>first</p>',
  prev_topic: 'z',
  topic: 'a',
};
const history = [contentEdit, topicMove, channelMove, contentAndTopic];

describe('edit history visibility (message_edit_history_visibility_policy)', () => {
  it('"all": shows every entry as recorded', () => {
    expect(visibleEditHistory(history, 'all')).toEqual({ edit_history: history });
  });

  it('"moves": keeps topic and channel moves, drops content edits, and strips the content of an edit that also changed the topic', () => {
    expect(visibleEditHistory(history, 'moves')).toEqual({
      edit_history: [topicMove, channelMove, { user_id: 5, timestamp: 100, prev_topic: 'z', topic: 'a' }],
    });
  });

  it('"moves": a message only edited shows an empty edit_history', () => {
    expect(visibleEditHistory([contentEdit], 'moves')).toEqual({ edit_history: [] });
  });

  it('"none": no edit_history key at all', () => {
    expect(visibleEditHistory(history, 'none')).toEqual({});
  });

  it('a message never edited nor moved has no edit_history under any policy', () => {
    for (const policy of ['all', 'moves', 'none'] as const) expect(visibleEditHistory(undefined, policy)).toEqual({});
  });
});
