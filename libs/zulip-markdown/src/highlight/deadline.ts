/**
 * Pygments' regexes are quadratic on some inputs (an unterminated string of escaped quotes, say), so a block gets a
 * time budget; past it the lexer gives up and the block is shown as plain text. Reading the clock costs more than
 * a rule, so it is read every CHECK_EVERY steps of a lexer loop.
 */
const CHECK_EVERY = 256;

export class BudgetExceeded extends Error {
  constructor() {
    super('highlighting took longer than its budget');
  }
}

export class Deadline {
  private readonly end: number;
  private steps = 0;

  constructor(budgetMs: number) {
    this.end = performance.now() + budgetMs;
  }

  /** One step of a lexer loop: throws BudgetExceeded once the budget is spent. */
  step(): void {
    this.steps++;
    if (this.steps % CHECK_EVERY === 0 && performance.now() > this.end) throw new BudgetExceeded();
  }
}
