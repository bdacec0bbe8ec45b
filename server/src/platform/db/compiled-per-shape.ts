import type { CompiledQuery, DialectAdapter, Kysely } from 'kysely';

type Leaf = string | number;
/** The values of a query: leaves, lists of leaves, absent ones; an object of them at the top. */
type Value = Leaf | readonly Leaf[] | undefined;

/** Where one parameter of a compiled shape comes from: a value's place, or a constant of the query. */
type Slot = { key: string; index?: number } | { constant: unknown };

interface Shape {
  /** The query as compiled with the stand-ins: its text and its operation node are every call's. */
  template: CompiledQuery;
  slots: Slot[];
}

/**
 * Kysely builds and compiles a query on every call: about a tenth of a warm feed page's CPU (issue 8's
 * profile), for queries whose text only changes with their shape. This compiles a hot query once per
 * shape, with a stand-in for each value, and a call only puts its own values in the stand-ins' places.
 *
 * A shape is which values a call has and how long its lists are (`shapeOf`), so `build` may decide by
 * those and nothing else: it gets the stand-ins, and must use each value only as a parameter (no
 * arithmetic, no `sql.lit`); a value that did not become a parameter of its own throws on the first call.
 */
export function compiledPerShape<Schema, Values extends Record<string, Value>, Row>(
  build: (db: Kysely<Schema>, values: Values) => CompiledQuery<Row>,
): (db: Kysely<Schema>, values: Values) => CompiledQuery<Row> {
  // By the database's adapter: the dialect decides the text, and a transaction shares its database's.
  const shapesByDialect = new WeakMap<DialectAdapter, Map<string, Shape>>();
  return (db, values) => {
    const { adapter } = db.getExecutor();
    let shapes = shapesByDialect.get(adapter);
    if (!shapes) {
      shapes = new Map();
      shapesByDialect.set(adapter, shapes);
    }
    const key = shapeOf(values);
    let shape = shapes.get(key);
    if (!shape) {
      // A list's length is part of a shape, and a client chooses page sizes: past the bound a query is
      // compiled as Kysely would, so memory stays bounded whatever clients ask for.
      if (shapes.size >= maxShapesPerQuery) return build(db, values);
      shape = compileShape((standIns) => build(db, standIns), values);
      shapes.set(key, shape);
    }
    const parameters = shape.slots.map((slot) => {
      if ('constant' in slot) return slot.constant;
      const value = values[slot.key];
      return Array.isArray(value) && slot.index !== undefined ? value[slot.index] : value;
    });
    return { ...shape.template, parameters };
  };
}

/** A call's shape: the names of the values it has, each list with its length. */
function shapeOf(values: Record<string, Value>): string {
  let shape = '';
  // for…in rather than Object.entries: this runs on every request of a hot query.
  for (const key in values) {
    const value = values[key];
    if (value !== undefined) shape += Array.isArray(value) ? `${key}[${value.length}],` : `${key},`;
  }
  return shape;
}

/** The shapes kept per query and dialect: a feed's pages use a few dozen. */
const maxShapesPerQuery = 500;

/** A stand-in no real value contains: a NUL, which SQL text and ids never hold. */
const standIn = (key: string, index?: number) => `\u0000${key}\u0000${index ?? ''}`;

function compileShape<Values extends Record<string, Value>>(
  build: (values: Values) => CompiledQuery<unknown>,
  values: Values,
): Shape {
  const places = new Map<string, { key: string; index?: number }>();
  const standIns: Record<string, Value> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      standIns[key] = value.map((_, index) => {
        places.set(standIn(key, index), { key, index });
        return standIn(key, index);
      });
    } else {
      places.set(standIn(key), { key });
      standIns[key] = standIn(key);
    }
  }
  // The stand-ins are strings where a value may be a number: only the parameters see them.
  const compiled = build(standIns as Values);
  const slots: Slot[] = compiled.parameters.map((parameter) =>
    typeof parameter === 'string' && places.has(parameter) ? places.get(parameter)! : { constant: parameter },
  );
  const used = new Set(compiled.parameters);
  const unused = [...places.keys()].filter((placeholder) => !used.has(placeholder));
  if (unused.length > 0 || compiled.sql.includes('\u0000'))
    throw new Error(
      `compiledPerShape: every value must be a parameter of its own (${unused.length} are not): ${compiled.sql}`,
    );
  return { template: compiled, slots };
}
