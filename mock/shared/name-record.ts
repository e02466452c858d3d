// A record keyed by names a client chose (header names, query and form field names). It has no
// prototype: `constructor`, `__proto__` and `toString` are names like any other, neither read from
// Object.prototype (a header `constructor` joined to `function Object()`) nor lost to its setter.

/** An empty record without a prototype, for names that come from a request. */
export function createNameRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>
}
