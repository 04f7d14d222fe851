/**
 * What a Pygments callback sees of a regex match (`match.start(i)`, `match.end(i)`, `match.group(i)`), for a real
 * match and for the `_PseudoMatch` that `bygroups` hands to a nested callback.
 */
export interface MatchLike {
  start(group?: number): number;
  end(group?: number): number;
  group(group?: number): string | undefined;
}

/** Group positions come from the `d` flag; Python gives -1 for a group that did not participate. */
export class RegexMatch implements MatchLike {
  constructor(private readonly match: RegExpExecArray) {}

  start(group = 0): number {
    if (group === 0) return this.match.index;
    return this.match.indices?.[group]?.[0] ?? -1;
  }

  end(group = 0): number {
    if (group === 0) return this.match.index + this.match[0].length;
    return this.match.indices?.[group]?.[1] ?? -1;
  }

  group(group = 0): string | undefined {
    return this.match[group];
  }
}

/** pygments.lexer._PseudoMatch: one group's text, as if it had been matched on its own. */
export class PseudoMatch implements MatchLike {
  constructor(
    private readonly position: number,
    private readonly text: string,
  ) {}

  start(): number {
    return this.position;
  }

  end(): number {
    return this.position + this.text.length;
  }

  group(): string {
    return this.text;
  }
}
