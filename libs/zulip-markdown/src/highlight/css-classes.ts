import type { TokenType } from './lexer-table';

/**
 * HtmlFormatter's `_get_css_classes`: a token type's class, preceded by its ancestors' up to the nearest standard
 * type (`Token.Literal.Scalar.Plain` -> `l l-Scalar l-Scalar-Plain`), computed once per type.
 */
export class CssClasses {
  private readonly cache = new Map<TokenType, string>();

  constructor(private readonly standardTypes: Readonly<Record<TokenType, string>>) {}

  of(type: TokenType): string {
    let classes = this.cache.get(type);
    if (classes === undefined) {
      classes = this.compute(type);
      this.cache.set(type, classes);
    }
    return classes;
  }

  private compute(type: TokenType): string {
    let classes = this.typeClass(type);
    for (let ancestor = type; !this.isStandard(ancestor);) {
      ancestor = parent(ancestor);
      classes = `${this.typeClass(ancestor)} ${classes}`;
    }
    return classes;
  }

  private isStandard(type: TokenType): boolean {
    return Object.hasOwn(this.standardTypes, type);
  }

  /** `_get_ttype_class`: the standard class, or the nearest standard ancestor's with `-Name` suffixes. */
  private typeClass(type: TokenType): string {
    let suffix = '';
    while (!this.isStandard(type)) {
      suffix = `-${type.slice(type.lastIndexOf('.') + 1)}${suffix}`;
      type = parent(type);
    }
    return (this.standardTypes[type] ?? '') + suffix;
  }
}

const parent = (type: TokenType): TokenType => type.slice(0, type.lastIndexOf('.'));
