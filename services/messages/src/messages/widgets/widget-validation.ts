import { badRequest } from '@zulip-es/platform';

/** Zulip's `MAX_IDX`: the highest option or task index its widgets use. */
const MAX_IDX = 1000;

type Check = (name: string, value: unknown) => void;

/** Python's `isinstance(value, int)`, which booleans pass too. */
const isPythonInt = (value: unknown): boolean => typeof value === 'boolean' || (typeof value === 'number' && Number.isInteger(value));
const asInt = (value: unknown): number => (typeof value === 'boolean' ? Number(value) : (value as number));

const isString: Check = (name, value) => {
  if (typeof value !== 'string') throw badRequest(`${name} is not a string`);
};
const isBool: Check = (name, value) => {
  if (typeof value !== 'boolean') throw badRequest(`${name} is not a boolean`);
};
const isInt: Check = (name, value) => {
  if (!isPythonInt(value)) throw badRequest(`${name} is not an integer`);
};
const intIn =
  (allowed: number[]): Check =>
  (name, value) => {
    isInt(name, value);
    if (!allowed.includes(asInt(value))) throw badRequest(`Invalid ${name}`);
  };
const intRange =
  (low: number, high: number): Check =>
  (name, value) => {
    isInt(name, value);
    if (asInt(value) < low) throw badRequest(`${name} is too small`);
    if (asInt(value) > high) throw badRequest(`${name} is too large`);
  };

/** Zulip's `check_dict` (`only`: `check_dict_only`, refusing keys it does not list). */
function checkDict(name: string, value: unknown, required: [string, Check][], only: boolean): asserts value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw badRequest(`${name} is not a dict`);
  const dict = value as Record<string, unknown>;
  for (const [key, check] of required) {
    if (!Object.hasOwn(dict, key)) throw badRequest(`${key} key is missing from ${name}`);
    check(`${name}["${key}"]`, dict[key]);
  }
  const unexpected = Object.keys(dict).filter((key) => !required.some(([k]) => k === key));
  if (only && unexpected.length > 0) throw badRequest(`Unexpected arguments: ${unexpected.join(', ')}`);
}

/** Zulip's `validate_poll_data`: votes, new options, and question edits (by its author only). */
export function validatePollData(data: unknown, isWidgetAuthor: boolean): void {
  const name = 'poll data';
  checkDict(name, data, [['type', isString]], false);
  switch (data.type) {
    case 'vote':
      return checkDict(
        name,
        data,
        [
          ['type', isString],
          ['key', isString],
          ['vote', intIn([1, -1])],
        ],
        true,
      );
    case 'question':
      if (!isWidgetAuthor) throw badRequest("You can't edit a question unless you are the author.");
      return checkDict(
        name,
        data,
        [
          ['type', isString],
          ['question', isString],
        ],
        true,
      );
    case 'new_option':
      return checkDict(
        name,
        data,
        [
          ['type', isString],
          ['option', isString],
          ['idx', intRange(0, MAX_IDX)],
        ],
        true,
      );
    default:
      throw badRequest(`Unknown type for poll data: ${String(data.type)}`);
  }
}

/** Zulip's `validate_todo_data`: new tasks, struck tasks, and title edits (by its author only). */
export function validateTodoData(data: unknown, isWidgetAuthor: boolean): void {
  const name = 'todo data';
  checkDict(name, data, [['type', isString]], false);
  switch (data.type) {
    case 'new_task':
      return checkDict(
        name,
        data,
        [
          ['type', isString],
          ['key', intRange(0, MAX_IDX)],
          ['task', isString],
          ['desc', isString],
          ['completed', isBool],
        ],
        true,
      );
    case 'strike':
      return checkDict(
        name,
        data,
        [
          ['type', isString],
          ['key', isString],
        ],
        true,
      );
    case 'new_task_list_title':
      if (!isWidgetAuthor) throw badRequest("You can't edit the task list title unless you are the author.");
      return checkDict(
        name,
        data,
        [
          ['type', isString],
          ['title', isString],
        ],
        true,
      );
    default:
      throw badRequest(`Unknown type for todo data: ${String(data.type)}`);
  }
}
