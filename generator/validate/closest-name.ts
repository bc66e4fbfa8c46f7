/**
 * «Did you mean description?»: the known field closest to a misspelt one, by edit distance,
 * and the known fields of a Zod schema at a path, so an unknown field anywhere in any file can
 * name the field the volunteer most likely meant.
 */
import type { ZodType } from 'zod';

/** Levenshtein distance: insertions, deletions and substitutions, each costing one. */
export function editDistance(from: string, to: string): number {
  let previous = Array.from({ length: to.length + 1 }, (_, index) => index);
  for (let row = 1; row <= from.length; row += 1) {
    const current = [row];
    for (let column = 1; column <= to.length; column += 1) {
      const substitution = (previous[column - 1] ?? 0) + (from[row - 1] === to[column - 1] ? 0 : 1);
      current.push(Math.min((previous[column] ?? 0) + 1, (current[column - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[to.length] ?? 0;
}

/** The closest known name, if it is close enough to be a misspelling (or differs only in case). */
export function closestName(name: string, known: readonly string[]): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const candidate of known) {
    const distance =
      candidate.toLowerCase() === name.toLowerCase() ? 0 : editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (!best || distance < best.distance) best = { name: candidate, distance };
  }
  if (!best) return undefined;
  return best.distance <= Math.max(2, Math.floor(name.length / 3)) ? best.name : undefined;
}

interface Def {
  type: string;
  shape?: Record<string, ZodType>;
  element?: ZodType;
  innerType?: ZodType;
  in?: ZodType;
  out?: ZodType;
  options?: ZodType[];
  valueType?: ZodType;
  left?: ZodType;
  right?: ZodType;
  getter?: () => ZodType;
}

const defOf = (schema: ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The object schemas a value at `path` can match (several for a union). */
function objectsAt(schema: ZodType | undefined, path: readonly PropertyKey[], depth = 0): Def[] {
  if (!schema || depth > 50) return [];
  const def = defOf(schema);
  const next = (inner: ZodType | undefined, rest = path) => objectsAt(inner, rest, depth + 1);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return next(def.innerType);
    case 'pipe':
      return [...next(def.in), ...next(def.out)];
    case 'lazy':
      return next(def.getter?.());
    case 'union':
      return (def.options ?? []).flatMap((option) => next(option));
    case 'intersection':
      return [...next(def.left), ...next(def.right)];
    case 'array':
      return path.length === 0 ? [] : next(def.element, path.slice(1));
    case 'record':
      return path.length === 0 ? [] : next(def.valueType, path.slice(1));
    case 'object':
      if (path.length === 0) return [def];
      return next(def.shape?.[String(path[0])], path.slice(1));
    default:
      return [];
  }
}

/** The field names an object at `path` in data checked by `schema` may have. */
export function knownFields(schema: ZodType, path: readonly PropertyKey[]): string[] {
  return [...new Set(objectsAt(schema, path).flatMap((def) => Object.keys(def.shape ?? {})))];
}
