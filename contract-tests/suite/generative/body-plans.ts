// The bodies of the generative phase, drawn as plans fast-check can shrink (which fields are set,
// how long and in which script each text is, which encoding carries it, which flaw breaks it) and
// made into requests from the document's keywords (document-fields.ts): text at each limit and one
// over it, astral characters, combining marks and accented letters at the limit in every body
// format, null and empty text clearing a field, every optional field set or most of them omitted.
import fc from 'fast-check'
import { requestOf } from '../generated-requests/body-cases.ts'
import { valueArbitrary, type Encoding } from '../generated-requests/valid-values.ts'
import type { RequestOptions } from '../support/api.ts'
import type { BodySpec, FieldSpec } from './document-fields.ts'

export type Alphabet = 'ascii' | 'accented' | 'combining' | 'astral'

/** Each script's units; a combining pair is two code points (a letter and its mark). */
const UNITS: Readonly<Record<Alphabet, readonly string[]>> = {
  ascii: ['a', ' ', 'B', 'c', '0', '-'],
  accented: ['é', 'Ü', 'ß', 'ç', 'Å', 'ñ', 'Ж', 'ł'],
  combining: ['e\u0301', 'a\u0308', 'o\u0303', 'n\u0327'],
  // U+1F600 and its neighbours: two UTF-16 units, four UTF-8 bytes, one code point each
  astral: ['\u{1F600}', '\u{1D49C}', '\u{1F389}'],
}

export const alphabet = fc.constantFrom<Alphabet>('ascii', 'accented', 'combining', 'astral')

/** A choice of fast-check's `oneof`: its weight, and what it draws. */
type Choice<T> = [weight: number, arbitrary: fc.Arbitrary<T>]

/** fast-check's `oneof`, each choice drawn with its weight: `[3, a], [1, b]`. */
export const weighted = <T>(...choices: Choice<T>[]): fc.Arbitrary<T> =>
  fc.oneof(...choices.map(([weight, arbitrary]) => ({ weight, arbitrary })))

/** True with weight `yes` against `no` for false. */
export const sometimes = (no: number, yes: number): fc.Arbitrary<boolean> =>
  weighted([no, fc.constant(false)], [yes, fc.constant(true)])

/** Exactly `length` code points of the script (what the document's maxLength counts). */
export function textOf(script: Alphabet, length: number): string {
  const points = Array.from(UNITS[script].join(''))
  let text = ''
  for (let index = 0; index < length; index += 1) text += points[index % points.length] ?? ''
  return text
}

export type ValuePlan =
  | { set: 'null' }
  /** Plain text: a few characters, none, or exactly the field's maxLength. */
  | { set: 'text'; length: 'short' | 'empty' | 'limit'; script: Alphabet; size: number }
  /** A value of a field that is not plain text (enum, date, integer), drawn from its schema. */
  | { set: 'drawn'; value: unknown }

/** A field's value, and whether the body leaves the field out (unless the body is full). */
export interface FieldPlan {
  omit: boolean
  value: ValuePlan
}

export type Flaw =
  | { kind: 'none' }
  /** One plain-text field one character over its maxLength. */
  | { kind: 'over'; field: number; script: Alphabet }
  | { kind: 'unknown-field' }
  /** A required field cleared (null, or empty text in a form). */
  | { kind: 'null-required'; field: number }

export interface BodyPlan {
  encoding: Encoding
  /** Every optional field set, whatever the field plans say. */
  full: boolean
  fields: Record<string, FieldPlan>
  flaw: Flaw
}

function textPlan(field: FieldSpec): fc.Arbitrary<ValuePlan> {
  const cleared: Choice<ValuePlan>[] = field.nullable ? [[1, fc.constant({ set: 'null' })]] : []
  return weighted<ValuePlan>(
    [
      3,
      fc.record({
        set: fc.constant('text' as const),
        length: fc.constant('short' as const),
        script: alphabet,
        size: fc.integer({ min: Math.max(1, field.view.minLength ?? 0), max: 6 }),
      }),
    ],
    [
      3,
      fc.record({
        set: fc.constant('text' as const),
        length: fc.constant('limit' as const),
        script: alphabet,
        size: fc.constant(0),
      }),
    ],
    [1, fc.constant({ set: 'text', length: 'empty', script: 'ascii', size: 0 })],
    ...cleared,
  )
}

const drawnPlan = (field: FieldSpec): fc.Arbitrary<ValuePlan> =>
  valueArbitrary(field.schema, 'json').map((value): ValuePlan => ({ set: 'drawn', value }))

/** One field's plan; an optional one is omitted with weight `omitWeight` against 3 for a value. */
function fieldPlan(field: FieldSpec, omitWeight: number): fc.Arbitrary<FieldPlan> {
  const omit = field.required || omitWeight === 0 ? fc.constant(false) : sometimes(3, omitWeight)
  return fc.record({ omit, value: field.text ? textPlan(field) : drawnPlan(field) })
}

function flaws(spec: BodySpec): fc.Arbitrary<Flaw> {
  const cleared: Choice<Flaw>[] = spec.fields.some((field) => field.required)
    ? [[1, fc.record({ kind: fc.constant('null-required' as const), field: fc.nat() })]]
    : []
  return weighted<Flaw>(
    [12, fc.constant({ kind: 'none' })],
    [2, fc.record({ kind: fc.constant('over' as const), field: fc.nat(), script: alphabet })],
    [1, fc.constant({ kind: 'unknown-field' })],
    ...cleared,
  )
}

/** Plans of bodies of the operation; `pinned` fields get their value elsewhere (ids). */
export function bodyPlans(
  spec: BodySpec,
  omitWeight: number,
  pinned: readonly string[] = [],
): fc.Arbitrary<BodyPlan> {
  const drawn = spec.fields.filter((field) => !pinned.includes(field.name))
  return fc.record({
    encoding: fc.constantFrom(...spec.encodings),
    full: sometimes(3, 1),
    fields: fc.record(
      Object.fromEntries(drawn.map((field) => [field.name, fieldPlan(field, omitWeight)])),
    ),
    flaw: flaws(spec),
  })
}

/** How a field holding the sequence's word is filled: the word, then text up to the plan's length. */
export interface Carrier {
  field: string
  /** The sequence's word and stem: every contact's carrier field starts with them. */
  prefix: string
  /** Set even when the plan omits it (a new contact must carry the word). */
  always: boolean
}

const lengthOf = (text: string): number => Array.from(text).length

function valueOf(field: FieldSpec, plan: ValuePlan, carrier: Carrier | undefined): unknown {
  const prefix = carrier?.field === field.name ? carrier.prefix : ''
  // the carrier never loses the word: a contact would leave the sequence's lists
  if (plan.set === 'null') return prefix === '' ? null : prefix
  if (plan.set === 'drawn') return plan.value
  const max = field.view.maxLength ?? lengthOf(prefix) + plan.size
  const length =
    plan.length === 'limit'
      ? max - lengthOf(prefix)
      : plan.length === 'empty'
        ? 0
        : Math.min(plan.size, max - lengthOf(prefix))
  return `${prefix}${textOf(plan.script, Math.max(0, length))}`
}

/** The request options that send the body a plan stands for (`{ contact: { … } }`), in its encoding. */
export function bodyRequest(
  spec: BodySpec,
  plan: BodyPlan,
  pins: Readonly<Record<string, unknown>> = {},
  carrier?: Carrier,
): RequestOptions {
  const fields: Record<string, unknown> = {}
  for (const field of spec.fields) {
    if (field.name in pins) {
      fields[field.name] = pins[field.name]
      continue
    }
    const fieldPlan = plan.fields[field.name]
    if (fieldPlan === undefined || (fieldPlan.omit && !plan.full)) {
      if (carrier?.always === true && carrier.field === field.name) {
        fields[field.name] = carrier.prefix
      }
      continue
    }
    fields[field.name] = valueOf(field, fieldPlan.value, carrier)
  }
  const text = spec.fields.filter((field) => field.text)
  const { flaw } = plan
  if (flaw.kind === 'over' && text.length > 0) {
    const field = text[flaw.field % text.length]
    if (field?.view.maxLength !== undefined) {
      const prefix = carrier?.field === field.name ? carrier.prefix : ''
      fields[field.name] =
        `${prefix}${textOf(flaw.script, field.view.maxLength + 1 - lengthOf(prefix))}`
    }
  }
  if (flaw.kind === 'unknown-field') fields['not_in_the_document'] = 'x'
  const required = spec.fields.filter((field) => field.required)
  if (flaw.kind === 'null-required' && required.length > 0) {
    const field = required[flaw.field % required.length]
    if (field !== undefined) fields[field.name] = null
  }
  return requestOf(spec.wrapper === undefined ? fields : { [spec.wrapper]: fields }, plan.encoding)
}

/** A plan in a few words, for the report: `multipart; last_name 100 astral, nickname null`. */
export function describePlan(spec: BodySpec, plan: BodyPlan): string {
  const parts = Object.entries(plan.fields).flatMap(([name, { omit, value: field }]) => {
    const max = spec.fields.find((item) => item.name === name)?.view.maxLength
    if (omit && !plan.full) return []
    switch (field.set) {
      case 'null':
        return [`${name} null`]
      case 'drawn':
        return [`${name} ${JSON.stringify(field.value)}`]
      case 'text':
        return [
          field.length === 'limit'
            ? `${name} ${String(max)} ${field.script} (its limit)`
            : field.length === 'empty'
              ? `${name} empty`
              : `${name} ${String(field.size)} ${field.script}`,
        ]
    }
  })
  const { flaw } = plan
  const text = spec.fields.filter((field) => field.text)
  const over = flaw.kind === 'over' ? text[flaw.field % Math.max(1, text.length)] : undefined
  const broken =
    flaw.kind === 'over'
      ? over === undefined
        ? []
        : [`${over.name} one ${flaw.script} character over its limit`]
      : flaw.kind === 'unknown-field'
        ? ['an unknown field']
        : flaw.kind === 'null-required'
          ? ['a required field cleared']
          : []
  return [plan.encoding, ...parts, ...broken].join('; ')
}
