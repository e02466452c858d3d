// The comparison of the target's answer with the reference's: the status, the headers the document
// declares, and the body, after what legitimately differs is normalised: ids through the map of
// the records each side created, the server's timestamps by their order and the run's clock,
// `instance` and the free text of `detail`. Whatever else differs is a difference.
import { propertyOf } from '../../../runner/property-of.ts'
import type { IdMap } from './id-map.ts'
import { UUID } from './id-map.ts'

/** One side's answer. */
export interface Answer {
  status: number
  /** Names in lower case. */
  headers: Readonly<Record<string, string>>
  /** Parsed JSON, or undefined. */
  body: unknown
  text: string
}

const isJson = (contentType: string | undefined): boolean =>
  contentType !== undefined && /^application\/([\w.-]+\+)?json\b/i.test(contentType)

/** An answer as both sides read it: its body parsed when it is JSON (also `+json`). */
export function answerOf(status: number, headers: Record<string, string>, text: string): Answer {
  let body: unknown
  try {
    if (isJson(headers['content-type']) && text !== '') body = JSON.parse(text) as unknown
  } catch {
    // not JSON after all: the text is all there is
  }
  return { status, headers, body, text }
}

/** The id and name of each record a list's body holds (its first array of records). */
export function listedRecords(body: unknown): { id: string; name: unknown }[] {
  if (typeof body !== 'object' || body === null) return []
  const list = Object.values(body).find((value): value is unknown[] => Array.isArray(value)) ?? []
  return list.flatMap((item: unknown) => {
    const id = propertyOf(item, 'id')
    return typeof id === 'string' ? [{ id, name: propertyOf(item, 'name') }] : []
  })
}

/** What a comparison knows besides the two answers. */
export interface CompareContext {
  ids: IdMap
  /** Header names (lower case) the document's responses declare. */
  headers: readonly string[]
  /** Properties the server sets from its clock (the document's Timestamp schemas). */
  clockFields: ReadonlySet<string>
  /** The last value of each record's clock field on each side, by `referenceId field`. */
  history: Map<string, ClockHistory>
  /** The request changed data on the reference (a write it answered 2xx). */
  wrote: boolean
  /** When the request was sent and its answer received, by the run's clock (ms). */
  sentAt: number
  receivedAt: number
  /** How far the target's clock may be from the run's. */
  clockSkewMs: number
  /** The reference's users: a user of the run's identities is the deployment's but for its id. */
  users: ReadonlySet<string>
}

/** A record's clock field as each side last answered it, and when the target's value was first seen. */
export interface ClockHistory {
  target: string
  reference: string
  /** The run's clock when an answer first showed the target's value: it was set before that. */
  firstSeenAt: number
}

/**
 * How long after a value was set a write must leave a millisecond clock moved: a correct server may
 * give two writes within this the same millisecond (its clock's step), never two further apart.
 */
export const CLOCK_STEP_MS = 50

/** Properties whose value is the server's own wording or the request's echo. */
const FREE_TEXT = new Set(['detail', 'instance'])
/** Properties whose string value names a session (bound like ids). */
const TOKENS = new Set(['token'])
const MAX_SHOWN = 40

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const show = (value: unknown): string => {
  const text = JSON.stringify(value)
  return text.length > 120 ? `${text.slice(0, 117)}…` : text
}

const mediaType = (value: string | undefined): string | undefined =>
  value?.split(';')[0]?.trim().toLowerCase()

/** A Location (or any URL) as the path below its origin, the target's ids made the reference's. */
function pathOfUrl(value: string, ids: IdMap): string {
  const path = URL.canParse(value, 'http://x') ? new URL(value, 'http://x').pathname : value
  return ids.translate(path)
}

type Relation = 'same' | 'later' | 'earlier'
const relationOf = (now: string, before: string): Relation =>
  now === before ? 'same' : now > before ? 'later' : 'earlier'

/** The lists of methods of two `Allow` headers, each in its own order. */
const methodsOf = (allow: string): string =>
  allow
    .split(',')
    .map((method) => method.trim())
    .sort()
    .join()

/** A comparison under way: what it knows, and where it notes each difference. */
interface Comparison extends CompareContext {
  differ: (where: string, targets: string, references: string) => void
}

/** Compares the two answers; each difference is one line. New id pairs are bound as they show. */
export function compareAnswers(
  target: Answer,
  reference: Answer,
  context: CompareContext,
): string[] {
  const differences: string[] = []
  const differ = (where: string, targets: string, references: string): void => {
    differences.push(`${where}: target ${targets}, reference ${references}`)
  }
  const comparison: Comparison = { ...context, differ }
  if (target.status !== reference.status) {
    differ('status', String(target.status), String(reference.status))
    // Two different answers: their bodies cannot be compared field by field.
    return differences
  }
  const targetType = mediaType(target.headers['content-type'])
  const referenceType = mediaType(reference.headers['content-type'])
  if (targetType !== referenceType) {
    differ('content-type', String(targetType), String(referenceType))
  }
  // the body first: the ids it binds are those the headers (Location) name
  if (target.body === undefined || reference.body === undefined) {
    if (target.text !== '' && reference.text !== '' && target.body !== reference.body) {
      differ('body', target.body === undefined ? 'not JSON' : 'JSON', 'the other')
    }
  } else {
    compareValue(target.body, reference.body, '', undefined, comparison)
  }
  for (const name of context.headers) {
    const targetValue = target.headers[name]
    const referenceValue = reference.headers[name]
    if (targetValue === undefined || referenceValue === undefined) {
      if (targetValue !== referenceValue) {
        differ(`header ${name}`, targetValue ?? '(none)', referenceValue ?? '(none)')
      }
      continue
    }
    const same =
      name === 'location'
        ? pathOfUrl(targetValue, context.ids) === pathOfUrl(referenceValue, context.ids)
        : name === 'allow'
          ? methodsOf(targetValue) === methodsOf(referenceValue)
          : context.ids.translate(targetValue) === referenceValue
    if (!same) differ(`header ${name}`, targetValue, referenceValue)
  }
  return differences.slice(0, MAX_SHOWN)
}

/** An id-like string: a UUID, or a session's token. */
function compareIdentity(target: string, reference: string, context: Comparison): boolean {
  const known = context.ids.toReference(target)
  if (known !== undefined) return known === reference
  if (context.ids.toTarget(reference) !== undefined) return false
  return context.ids.bind(target, reference)
}

function compareClock(
  target: unknown,
  reference: unknown,
  where: string,
  key: string,
  owner: string | undefined,
  context: Comparison,
): void {
  const { differ } = context
  if (typeof target !== 'string' || typeof reference !== 'string') {
    if (target !== reference) differ(where, show(target), show(reference))
    return
  }
  const historyKey = owner === undefined ? undefined : `${owner} ${key}`
  const before = historyKey === undefined ? undefined : context.history.get(historyKey)
  const targetMoved = before === undefined ? 'new' : relationOf(target, before.target)
  const referenceMoved = before === undefined ? 'new' : relationOf(reference, before.reference)
  if (historyKey !== undefined) {
    const firstSeenAt =
      before !== undefined && targetMoved === 'same' ? before.firstSeenAt : context.receivedAt
    context.history.set(historyKey, { target, reference, firstSeenAt })
  }
  if (targetMoved === 'earlier' && referenceMoved !== 'earlier') {
    differ(where, `${target}, earlier than its ${before?.target ?? ''}`, reference)
    return
  }
  // A request that changed nothing on the reference keeps the time; one that did may share the
  // millisecond of the last change on either side, so only a move backwards is a difference then.
  if (!context.wrote && referenceMoved === 'same' && targetMoved !== 'same') {
    differ(where, `${target}, moved from ${before?.target ?? ''}`, `${reference}, kept`)
    return
  }
  // a write that moved the reference's time, sent well after the target's value was set: the
  // target's clock cannot still be in that millisecond
  if (
    context.wrote &&
    referenceMoved === 'later' &&
    targetMoved === 'same' &&
    before !== undefined &&
    context.sentAt - before.firstSeenAt >= CLOCK_STEP_MS
  ) {
    const elapsed = String(context.sentAt - before.firstSeenAt)
    differ(
      where,
      `${target}, kept by a write ${elapsed} ms after it was set`,
      `${reference}, moved`,
    )
    return
  }
  const setNow = context.wrote && (referenceMoved === 'new' || referenceMoved === 'later')
  const at = Date.parse(target)
  if (
    setNow &&
    (Number.isNaN(at) ||
      at < context.sentAt - context.clockSkewMs ||
      at > context.receivedAt + context.clockSkewMs)
  ) {
    differ(where, `${target}, outside the request's time`, reference)
  }
}

type RecordObject = Record<string, unknown> & { id: string }

/** The array as records (objects with a string id), or undefined when it is not one. */
function recordsOf(items: unknown[]): RecordObject[] | undefined {
  const records = items.filter(
    (item): item is RecordObject => isObject(item) && typeof item['id'] === 'string',
  )
  return records.length === items.length && records.length > 0 ? records : undefined
}

/** -1, 0, 1: how two records compare by one clock field; undefined if either has none. */
function clockOrder(a: RecordObject, b: RecordObject, field: string): number | undefined {
  const first = a[field]
  const second = b[field]
  if (typeof first !== 'string' || typeof second !== 'string') return undefined
  return first === second ? 0 : first < second ? -1 : 1
}

/**
 * A list of records: paired by id (the target's mapped to the reference's), each pair compared,
 * and their order compared where it cannot depend on what legitimately differs. Both sides order
 * by their clocks, then by id, and their ids and milliseconds differ: two records are held to the
 * reference's order only when every clock field orders them strictly, the same way on both sides.
 */
function compareRecords(
  target: RecordObject[],
  reference: RecordObject[],
  where: string,
  context: Comparison,
): void {
  const { differ } = context
  const list = where || 'body'
  const byReferenceId = new Map(reference.map((record, index) => [record.id, index]))
  const paired: { target: RecordObject; reference: RecordObject; at: number }[] = []
  const unknown: string[] = []
  const unpairedReferences = new Set(reference.map(({ id }) => id))
  for (const record of target) {
    const mapped = context.ids.toReference(record.id)
    const at = mapped === undefined ? undefined : byReferenceId.get(mapped)
    if (mapped === undefined || at === undefined) {
      unknown.push(record.id)
      continue
    }
    unpairedReferences.delete(mapped)
    paired.push({ target: record, reference: reference[at] ?? record, at })
  }
  // one record on each side left over, never seen before: the same record (a single unbound pair)
  const [lone] = unknown
  const [loneReference] = unpairedReferences
  if (
    unknown.length === 1 &&
    unpairedReferences.size === 1 &&
    lone !== undefined &&
    loneReference !== undefined &&
    context.ids.toReference(lone) === undefined &&
    context.ids.toTarget(loneReference) === undefined
  ) {
    context.ids.bind(lone, loneReference)
    const at = byReferenceId.get(loneReference) ?? 0
    const targetRecord = target.find(({ id }) => id === lone)
    if (targetRecord !== undefined) {
      paired.push({ target: targetRecord, reference: reference[at] ?? targetRecord, at })
    }
    unknown.length = 0
    unpairedReferences.clear()
  }
  for (const id of unknown) differ(list, `lists ${id}, which the reference does not`, '(absent)')
  for (const id of unpairedReferences) {
    differ(
      list,
      '(absent)',
      `lists ${id} (the run's ${context.ids.toTarget(id) ?? 'unknown record'})`,
    )
  }
  for (const pair of paired) {
    compareValue(pair.target, pair.reference, `${where}[${String(pair.at)}]`, undefined, context)
  }
  const fields = [...context.clockFields]
  for (let index = 1; index < paired.length; index++) {
    const earlier = paired[index - 1]
    const later = paired[index]
    if (earlier === undefined || later === undefined || earlier.at < later.at) continue
    const ordered = fields.filter(
      (field) => clockOrder(earlier.target, later.target, field) !== undefined,
    )
    const held =
      ordered.length > 0 &&
      ordered.every((field) => {
        const targetOrder = clockOrder(earlier.target, later.target, field)
        const referenceOrder = clockOrder(earlier.reference, later.reference, field)
        return targetOrder !== 0 && targetOrder === referenceOrder
      })
    if (held) {
      differ(
        `${list} order`,
        `${earlier.target.id} before ${later.target.id}`,
        `the other way round (${later.reference.id} before ${earlier.reference.id})`,
      )
    }
  }
}

function compareValue(
  target: unknown,
  reference: unknown,
  where: string,
  owner: string | undefined,
  context: Comparison,
): void {
  const { differ } = context
  if (Array.isArray(target) && Array.isArray(reference)) {
    const targetRecords = recordsOf(target)
    const referenceRecords = recordsOf(reference)
    if (targetRecords !== undefined && referenceRecords !== undefined) {
      compareRecords(targetRecords, referenceRecords, where, context)
      return
    }
    if (target.length !== reference.length) {
      differ(`${where || 'body'} length`, String(target.length), String(reference.length))
    }
    const length = Math.min(target.length, reference.length)
    for (let index = 0; index < length; index++) {
      compareValue(target[index], reference[index], `${where}[${String(index)}]`, owner, context)
    }
    return
  }
  if (isObject(target) && isObject(reference)) {
    const referenceId = typeof reference['id'] === 'string' ? reference['id'] : owner
    // the name and email of a user the run was given are the deployment's, not the run's
    if (referenceId !== undefined && context.users.has(referenceId) && referenceId !== owner) {
      compareValue(
        target['id'],
        reference['id'],
        where === '' ? 'id' : `${where}.id`,
        owner,
        context,
      )
      return
    }
    // ids first: the other fields of the record are read with its id bound
    const keys = [...new Set([...Object.keys(reference), ...Object.keys(target)])].sort((a, b) =>
      a === 'id' ? -1 : b === 'id' ? 1 : 0,
    )
    for (const key of keys) {
      const path = where === '' ? key : `${where}.${key}`
      // the target's value, and the reference's: what is expected
      const [value, expected] = [target[key], reference[key]]
      const inTarget = Object.hasOwn(target, key)
      if (!inTarget || !Object.hasOwn(reference, key)) {
        differ(path, inTarget ? show(value) : '(absent)', inTarget ? '(absent)' : show(expected))
        continue
      }
      const texts = typeof value === 'string' && typeof expected === 'string'
      if (FREE_TEXT.has(key) && texts) continue
      // how long a session lasts is the deployment's setting: its expiry, if any, is in the future
      if (context.clockFields.has(key) && Object.hasOwn(reference, 'token')) {
        if (value !== null && !(typeof value === 'string' && Date.parse(value) > context.sentAt)) {
          differ(path, `${show(value)}, not a time after the request`, show(expected))
        }
      } else if (context.clockFields.has(key)) {
        compareClock(value, expected, path, key, referenceId, context)
      } else if (TOKENS.has(key) && texts) {
        if (!compareIdentity(value, expected, context)) differ(path, 'another session', 'its own')
      } else compareValue(value, expected, path, referenceId, context)
    }
    return
  }
  if (typeof target === 'string' && typeof reference === 'string') {
    const whole = new RegExp(`^${UUID.source}$`, 'i')
    if (whole.test(target) && whole.test(reference)) {
      if (!compareIdentity(target, reference, context)) {
        const known = context.ids.toReference(target)
        differ(where, `${target}${known === undefined ? ' (unknown to the run)' : ''}`, reference)
      }
      return
    }
    if (context.ids.translate(target) !== reference) differ(where, show(target), show(reference))
    return
  }
  if (target !== reference) differ(where || 'body', show(target), show(reference))
}
