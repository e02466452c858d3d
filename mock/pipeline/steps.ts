// The order of checks as a typed list (core.ts writes it): each step reads the facts the steps
// before it learnt, so that the compiler holds their order (a step that reads the operation cannot
// come before the one that finds it); the core runs the list as a plain loop over one object per
// request.
import type { Reply } from '../shared/reply.ts'
import type { Exchange, Facts, Known, Received } from './exchange.ts'

/** A step's result, at once or once it waited: a step that waits for nothing costs no turn. */
export type Awaitable<T> = T | Promise<T>

/**
 * A step as the loop runs it. `run` is a method, whose parameter is compared both ways: a step
 * written for the facts it reads is taken for the request's whole state. The list's type, not the
 * loop, holds that those facts are learnt by then.
 */
export type Step =
  | { readonly fact: undefined; run(x: Received): Awaitable<Reply | undefined> }
  | { readonly fact: keyof Facts; run(x: Received): unknown }

/** What every answer but an early one passes through on its way out, an error's too. */
export type Finish = (x: Exchange, reply: Reply) => Reply

/** The list, ready to run. */
export interface Steps {
  readonly steps: readonly Step[]
  /** The answer once every step went on. */
  answer(x: Received): Reply
  readonly finish: readonly Finish[]
}

export interface StepList<K extends keyof Facts> {
  /** A step that checks: it throws the error that is the answer, answers early, or goes on. */
  check: (step: (x: Known<K>) => Awaitable<Reply | undefined>) => StepList<K>
  /** A step that learns `fact`, for the steps after it. */
  learn: <F extends keyof Facts>(
    fact: F,
    step: (x: Known<K>) => Awaitable<Facts[F]>,
  ) => StepList<K | F>
  /** The answer the facts make, then what passes it on (a step left out: undefined). */
  answer: (answer: (x: Known<K>) => Reply, ...finish: (Finish | undefined)[]) => Steps
}

function listFrom<K extends keyof Facts>(steps: readonly Step[]): StepList<K> {
  return {
    check: (run) => listFrom([...steps, { fact: undefined, run }]),
    learn: (fact, run) => listFrom([...steps, { fact, run }]),
    answer: (answer, ...finish) => ({
      steps,
      answer,
      finish: finish.filter((step) => step !== undefined),
    }),
  }
}

/** The list from its first step on: `listSteps().check(…).learn('fact', …)….answer(…)`. */
export const listSteps = (): StepList<never> => listFrom([])
