// The run's values and the reference's, one to one: each record the run creates has an id on the
// target and another in the reference, and each login a token on both; the map is learned as the
// two answer, and every request is translated through it before the reference sees it.

/** A UUID anywhere in a text: the form every id of the document takes. */
export const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi

export interface IdMap {
  /** The reference's value for a target's, if learned. */
  toReference: (target: string) => string | undefined
  /** The target's value for a reference's, if learned. */
  toTarget: (reference: string) => string | undefined
  /**
   * Binds the two as one; false when either is bound to another already (the answers disagree on
   * which record is which).
   */
  bind: (target: string, reference: string) => boolean
  /** The text with every target value the map knows replaced by the reference's. */
  translate: (text: string) => string
  /** A target's UUID was seen in an answer: a record of its data, known to the reference or not. */
  noteSeen: (target: string) => void
  /** Seen in a target's answer, and not bound: data the reference does not hold. */
  isForeign: (target: string) => boolean
  /**
   * The target's values this map bound to another of the reference's, or saw unbound, in lower
   * case: the records the requests met, whether their exchange was compared or not (a request
   * fetch cannot carry, an answer skipped); not the values both sides share.
   */
  ownTargets: () => string[]
}

export function createIdMap(identical: Iterable<string> = []): IdMap {
  const forward = new Map<string, string>()
  const backward = new Map<string, string>()
  const seen = new Set<string>()
  const bind = (target: string, reference: string): boolean => {
    const known = forward.get(target)
    if (known !== undefined || backward.has(reference)) {
      return known === reference
    }
    forward.set(target, reference)
    backward.set(reference, target)
    return true
  }
  for (const value of identical) bind(value, value)
  return {
    toReference: (target) => forward.get(target),
    toTarget: (reference) => backward.get(reference),
    bind,
    translate(text) {
      let out = text
      for (const [target, reference] of forward) {
        if (target !== reference && out.includes(target)) out = out.replaceAll(target, reference)
      }
      return out
    },
    noteSeen: (target) => {
      seen.add(target.toLowerCase())
    },
    isForeign: (target) => seen.has(target.toLowerCase()) && !forward.has(target),
    ownTargets: () => {
      const shared = new Set(
        [...forward].flatMap(([target, reference]) =>
          target === reference ? [target.toLowerCase()] : [],
        ),
      )
      const own = [...forward.keys(), ...seen].map((target) => target.toLowerCase())
      return [...new Set(own)].filter((target) => !shared.has(target))
    },
  }
}
