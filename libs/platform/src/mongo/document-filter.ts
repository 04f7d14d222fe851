import type { DocumentFilter, FindOptions } from './document-collection';

type Doc = Record<string, unknown>;

/**
 * Whether a document satisfies a query's filter, as the store would decide it, for the filters
 * repositories send: values (an array field matches a value it holds; null matches a missing
 * field), `$in`, `$ne`, `$exists`, `$lt`, `$lte`, `$gt`, `$gte` on top-level fields, and `$or`.
 * Anything else throws: a command group answering a query it cannot evaluate would decide on a
 * wrong state.
 */
export function matchesFilter(doc: Doc, filter: DocumentFilter): boolean {
  return Object.entries(filter).every(([field, condition]) => {
    if (field === '$or') return (condition as DocumentFilter[]).some((alternative) => matchesFilter(doc, alternative));
    if (field.startsWith('$') || field.includes('.')) throw new Error(`a command group cannot evaluate the filter field ${field}`);
    return isOperators(condition)
      ? Object.entries(condition).every(([operator, operand]) => holdsOperator(doc[field], operator, operand))
      : equals(doc[field], condition);
  });
}

const isOperators = (condition: unknown): condition is Record<string, unknown> =>
  typeof condition === 'object' &&
  condition !== null &&
  !Array.isArray(condition) &&
  Object.keys(condition).length > 0 &&
  Object.keys(condition).every((key) => key.startsWith('$'));

function holdsOperator(value: unknown, operator: string, operand: unknown): boolean {
  switch (operator) {
    case '$in':
      return (operand as unknown[]).some((candidate) => equals(value, candidate));
    case '$ne':
      return !equals(value, operand);
    case '$exists':
      return (value !== undefined) === Boolean(operand);
    case '$lt':
      return compared(value, operand, (order) => order < 0);
    case '$lte':
      return compared(value, operand, (order) => order <= 0);
    case '$gt':
      return compared(value, operand, (order) => order > 0);
    case '$gte':
      return compared(value, operand, (order) => order >= 0);
    default:
      throw new Error(`a command group cannot evaluate the filter operator ${operator}`);
  }
}

/** Ranges compare numbers with numbers and strings with strings, as the store's do. */
function compared(value: unknown, operand: unknown, holds: (order: number) => boolean): boolean {
  if (typeof value !== typeof operand || (typeof value !== 'number' && typeof value !== 'string')) return false;
  return holds(compareValues(value, operand));
}

function equals(value: unknown, condition: unknown): boolean {
  if (condition === null) return value === null || value === undefined;
  if (Array.isArray(value) && !Array.isArray(condition)) return value.some((element) => equals(element, condition));
  if (typeof condition !== 'object') return value === condition;
  return JSON.stringify(value) === JSON.stringify(condition);
}

/** Missing and null first, then numbers, then strings, then anything else as JSON. */
function compareValues(a: unknown, b: unknown): number {
  const rank = (v: unknown): number => (v === undefined || v === null ? 0 : typeof v === 'number' ? 1 : typeof v === 'string' ? 2 : 3);
  if (rank(a) !== rank(b)) return rank(a) - rank(b);
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const [x, y] = typeof a === 'string' ? [a, b as string] : [JSON.stringify(a) ?? '', JSON.stringify(b) ?? ''];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The documents in the query's order, at most its limit, with the fields its projection names. */
export function sortedAndLimited<T extends Doc>(docs: T[], options: FindOptions): T[] {
  const { sort, limit, projection } = options;
  const ordered = sort
    ? [...docs].sort((a, b) => {
        for (const [field, direction] of Object.entries(sort)) {
          const order = compareValues(a[field], b[field]);
          if (order !== 0) return order * direction;
        }
        return 0;
      })
    : docs;
  const limited = limit === undefined || limit === 0 ? ordered : ordered.slice(0, limit);
  return projection ? limited.map((doc) => projected(doc, projection) as T) : limited;
}

/** Inclusion (`_id` kept unless excluded) or exclusion, as the store applies a projection. */
function projected(doc: Doc, projection: Record<string, 0 | 1>): Doc {
  const including = Object.entries(projection).some(([field, on]) => field !== '_id' && on === 1);
  if (!including) return Object.fromEntries(Object.entries(doc).filter(([field]) => projection[field] !== 0));
  return Object.fromEntries(Object.entries(doc).filter(([field]) => (field === '_id' ? projection._id !== 0 : projection[field] === 1)));
}
