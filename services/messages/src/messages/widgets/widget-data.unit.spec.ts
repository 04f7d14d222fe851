import { pythonJsonDumps } from './python-json';
import { widgetData } from './widget-data';

describe("Zulip's widgets from a message's first word", () => {
  it('makes a poll of /poll: the question, then one option per line, list markers dropped', () => {
    expect(widgetData('/poll What to eat?\n- pizza\n* pasta\n\n  salad  ')).toEqual({
      widgetType: 'poll',
      extraData: { question: 'What to eat?', options: ['pizza', 'pasta', 'salad'] },
    });
    expect(widgetData('/poll\nA\nB')).toEqual({ widgetType: 'poll', extraData: { question: '', options: ['A', 'B'] } });
    expect(widgetData('/poll')).toEqual({ widgetType: 'poll', extraData: { question: '', options: [] } });
  });

  it('makes a to-do list of /todo: the title, then tasks with their description after the first ": "', () => {
    expect(widgetData('/todo Launch\n- write docs: for users: all\nship it\n')).toEqual({
      widgetType: 'todo',
      extraData: {
        task_list_title: 'Launch',
        tasks: [
          { task: 'write docs', desc: 'for users: all' },
          { task: 'ship it', desc: '' },
        ],
      },
    });
  });

  it('makes nothing of other messages', () => {
    for (const content of ['hello', '/pollster x', ' /poll x', 'x /poll', '/me waves']) expect(widgetData(content)).toBeNull();
  });

  it("writes JSON as Python's json.dumps does", () => {
    expect(pythonJsonDumps({ widget_type: 'poll', extra_data: { question: 'Café "ok"?', options: ['a', '😀'] } })).toBe(
      '{"widget_type": "poll", "extra_data": {"question": "Caf\\u00e9 \\"ok\\"?", "options": ["a", "\\ud83d\\ude00"]}}',
    );
  });
});
