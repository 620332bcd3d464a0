/**
 * Lazily computed fields as own enumerable accessors whose getter functions are shared by
 * every object that has them.
 *
 * An object literal's `get x() { ... }` makes a new closure per object, and V8 keeps
 * accessors in the object's hidden class: every such object gets a hidden class of its own
 * (old-space memory pointing at the object's young data), so each call's arguments,
 * snapshot and texts survived every young-generation GC until a full one. With one shared
 * getter per field name, objects of the same kind share their hidden class; each object's
 * own compute functions sit in a non-enumerable symbol-keyed property that the getters read.
 */

const SOURCES = Symbol('argseal.lazyFields');

type Sources = Readonly<Record<string, () => unknown>>;
type WithSources = { readonly [SOURCES]: Sources };

const getters = new Map<string, (this: WithSources) => unknown>();

function getterOf(name: string): (this: WithSources) => unknown {
  let get = getters.get(name);
  if (get === undefined) {
    get = function (this: WithSources) {
      return (this[SOURCES][name] as () => unknown)();
    };
    getters.set(name, get);
  }
  return get;
}

/**
 * The definer of one kind of object's lazy fields (the same names, in the same order):
 * defines each name of `sources` on `target` as an own enumerable, configurable accessor
 * that returns `sources[name]()`. Memoizing is the compute functions' business.
 */
export function lazyFields<Fields extends Record<string, unknown>>(
  names: readonly (keyof Fields & string)[],
): <T extends object>(
  target: T,
  sources: { readonly [K in keyof Fields]: () => Fields[K] },
) => T & Readonly<Fields> {
  const descriptors: PropertyDescriptorMap = {};
  for (const name of names) {
    descriptors[name] = { get: getterOf(name), enumerable: true, configurable: true };
  }
  return <T extends object>(target: T, sources: Sources) => {
    Object.defineProperty(target, SOURCES, { value: sources });
    Object.defineProperties(target, descriptors);
    return target as T & Readonly<Fields>;
  };
}
