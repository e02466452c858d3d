/**
 * A property of whatever was thrown or reported, read without trusting its class: errors of node's
 * test runner arrive deserialized, and under Jest's sandbox node's errors come from another realm.
 */
export const propertyOf = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? (Reflect.get(value, key) as unknown) : undefined
