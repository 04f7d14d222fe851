import { EDITABLE_FLAGS, NON_EDITABLE_FLAGS, type EditableFlag } from '@zulip-es/message-flags';
import { badRequest } from '@zulip-es/platform';

export interface FlagChange {
  flag: EditableFlag;
  op: 'add' | 'remove';
}

/** Zulip's checks of `do_update_message_flags`, in its order, with its messages. */
export function checkFlagChange(flag: string, op: string): FlagChange {
  if (!(EDITABLE_FLAGS as readonly string[]).includes(flag)) {
    if ((NON_EDITABLE_FLAGS as readonly string[]).includes(flag)) throw badRequest(`Flag not editable: '${flag}'`);
    throw badRequest(`Invalid flag: '${flag}'`);
  }
  if (op !== 'add' && op !== 'remove') throw badRequest(`Invalid message flag operation: '${op}'`);
  return { flag: flag as EditableFlag, op };
}
