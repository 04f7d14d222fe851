import type { Action, NewState } from './lexer-table';
import { lexerTable } from './table-loader';

/**
 * A lexer class' states with their regexes compiled, once per process like RegexLexerMeta does on the first
 * instantiation. Sticky (`y`) regexes make `re.lastIndex = pos; re.exec(text)` behave as Python's
 * `pattern.match(text, pos)`; rules whose action needs group positions also get the `d` flag.
 */
export interface CompiledRule {
  regex: RegExp;
  action: Action;
  newState: NewState;
}

export type CompiledStates = ReadonlyMap<string, readonly CompiledRule[]>;

const compiled = new Map<string, CompiledStates>();

export function compiledStates(className: string): CompiledStates {
  let states = compiled.get(className);
  if (states === undefined) {
    states = compile(className);
    compiled.set(className, states);
  }
  return states;
}

function compile(className: string): CompiledStates {
  const table = lexerTable(className);
  const regexes = new Map<string, RegExp>();
  const regexFor = (index: number, withIndices: boolean): RegExp => {
    const key = `${index}/${withIndices}`;
    let regex = regexes.get(key);
    if (regex === undefined) {
      const [source, flags] = table.regexes?.[index] ?? [null, null];
      if (source === null || flags === null) throw new Error(`${className}: regex ${index} has no JavaScript form`);
      regex = new RegExp(source, `${flags}y${withIndices ? 'd' : ''}`);
      regexes.set(key, regex);
    }
    return regex;
  };
  const states = new Map<string, CompiledRule[]>();
  for (const [name, rules] of Object.entries(table.states ?? {})) {
    states.set(
      name,
      rules.map(([index, action, newState]) => ({
        regex: regexFor(index, action !== null && typeof action !== 'string'),
        action,
        newState,
      })),
    );
  }
  return states;
}

/** The rules of a state; Pygments' tables only name states they define. */
export function stateRules(states: CompiledStates, name: string): readonly CompiledRule[] {
  const rules = states.get(name);
  if (rules === undefined) throw new Error(`no state ${name}`);
  return rules;
}
