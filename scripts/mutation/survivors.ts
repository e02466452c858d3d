// What a reader decided about each mutant the suite let live, keyed by where it is and what it
// changes (mutantKey): the report fills its classification column from here, and leaves a new
// survivor's empty until someone judges it.

export type Classification =
  /** No request can tell it from the original: set aside from the score. */
  | 'equivalent'
  /** It changes only what the document leaves open (wording, order it does not state, extras). */
  | 'outside the document'
  /** It breaks a rule the document states and no check noticed: the suite has to close it. */
  | 'gap'
  /**
   * It changes a documented answer to a state no client can bring about (a full disk): a
   * black-box suite cannot see it; the mock's own tests check it (named in `why`).
   */
  | 'beyond a client'

export interface Judgement {
  classification: Classification
  why: string
}

export interface MutantPlace {
  /** Relative to the repository, with / separators. */
  file: string
  line: number
  column: number
  mutatorName: string
  replacement: string | undefined
}

/** The replacement on one line (a block's spans several). */
export const oneLine = (text: string | undefined): string => (text ?? '').replace(/\s+/g, ' ')

/** Stable while the file's text above the mutant is: the mutant ids of a run are not. */
export const mutantKey = ({ file, line, column, mutatorName, replacement }: MutantPlace): string =>
  `${file}:${String(line)}:${String(column)} ${mutatorName} ${oneLine(replacement)}`

/** Judged on the first sample (seed 49, main at 608d93c) and a run of three lines' mutants. */
export const JUDGED: Readonly<Record<string, Judgement>> = {
  'mock/faults/fault-book.ts:43:65 BlockStatement {}': {
    classification: 'outside the document',
    why: "the admin API's fault rules (/__admin/faults), not in openapi.yaml; the run sets none",
  },
  'mock/faults/fault-book.ts:67:45 LogicalOperator status !== undefined || !target.errors.has(status)':
    {
      classification: 'outside the document',
      why: "the admin API's check of a fault rule's status",
    },
  'mock/faults/fault-book.ts:83:99 BlockStatement {}': {
    classification: 'outside the document',
    why: "Prefer: code=N, which the document does not state; RFC 7240 lets a server ignore it, and the suite's check accepts that",
  },
  'mock/faults/fault-book.ts:118:13 EqualityOperator input.delay_ms === undefined': {
    classification: 'outside the document',
    why: "the admin API's fault rules",
  },
  'mock/faults/fault-book.ts:118:45 ObjectLiteral {}': {
    classification: 'outside the document',
    why: "the admin API's fault rules",
  },
  'mock/faults/fault-targets.ts:17:18 OptionalChaining schema.examples[0]': {
    classification: 'equivalent',
    why: 'every header schema of the document has examples: the missing ?. never meets undefined',
  },
  'mock/faults/prefer.ts:24:43 StringLiteral ""': {
    classification: 'outside the document',
    why: 'a quoted Prefer value; Prefer is not in the document',
  },
  'mock/pipeline/access/cors.ts:33:11 StringLiteral "Stryker was here!"': {
    classification: 'equivalent',
    why: "the preflight is a 204: Node's HTTP server sends no body with it (through createMockFetch it would not be equivalent; not measured here)",
  },
  'mock/pipeline/access/host-check.ts:19:3 ConditionalExpression true': {
    classification: 'gap',
    why: 'decision 21: a Host such as [evil] (brackets around no IPv6 address) is accepted instead of refused 403; no check sends one',
  },
  'mock/pipeline/access/host-check.ts:43:46 EqualityOperator text.length <= 100': {
    classification: 'outside the document',
    why: "how the 403's detail cuts a Host of exactly 100 characters",
  },
  'mock/pipeline/decode/parse-form.ts:24:7 ConditionalExpression true': {
    classification: 'equivalent',
    why: 'the cache of parsed names is bypassed: the same names, parsed again',
  },
  'mock/pipeline/decode/parse-form.ts:66:11 ConditionalExpression false': {
    classification: 'gap',
    why: 'decision 19: a form name both plain and bracketed (contact=x&contact[first_name]=y) is no longer a 400 (a TypeError, 500, or a 422 in the other order); no check sends one',
  },
  "mock/pipeline/decode/parse-multipart.ts:29:7 LogicalOperator (boundary === undefined || boundary === '') && boundary.length > 70":
    {
      classification: 'gap',
      why: 'decision 19 and the errors table: a multipart body without a boundary is not refused as unparsable (400) at once; no check sends one',
    },
  'mock/pipeline/decode/part-name.ts:54:43 StringLiteral ""': {
    classification: 'outside the document',
    why: "the wording of a 400's detail",
  },
  'mock/pipeline/decode/read-body.ts:73:22 ArrayDeclaration []': {
    classification: 'outside the document',
    why: "the 415's detail no longer lists the accepted types: free text",
  },
  'mock/pipeline/handle.ts:60:21 OptionalChaining x.route.operations': {
    classification: 'equivalent',
    why: 'the handler stage runs only after a route was found (404 and 405 come first)',
  },
  'mock/pipeline/lifecycle.ts:50:28 BlockStatement {}': {
    classification: 'outside the document',
    why: "the life cycle's error listeners feed the request log and the inspector, not the answer",
  },
  'openapi/path-templates.ts:44:19 EqualityOperator path.length >= 1': {
    classification: 'equivalent',
    why: "only the path / is concerned, which no operation's template matches either way",
  },
  'openapi/path-templates.ts:59:11 ConditionalExpression false': {
    classification: 'equivalent',
    why: "literal segments add unknown keys to the path parameters, which the path validators ignore (every check's path passed)",
  },
  'mock/pipeline/reply/store-problem.ts:15:25 StringLiteral ""': {
    classification: 'beyond a client',
    why: "the errors table: a full disk's 507 becomes another status; a black-box run cannot fill the target's disk (mock/test/http/failed-writes.test.ts is where this is checked)",
  },
  'mock/pipeline/validate/ajv-source.ts:16:41 BooleanLiteral false': {
    classification: 'equivalent',
    why: "useDefaults off in the strict mode, which only JSON bodies use: no JSON body schema of the document has a default (page and limit do, read in the coercing mode). The mutant of verbose on the same line is killed by the oracle (a type error's message loses its bounds)",
  },
  'mock/pipeline/validate/validation-errors.ts:68:35 ArrowFunction () => undefined': {
    classification: 'gap',
    why: "decision 23: a type error's message becomes 'must be ' with no type; no check reads errors[].message",
  },
  'mock/store/memory/change.ts:33:7 ConditionalExpression false': {
    classification: 'equivalent',
    why: 'a fast path: with no earlier rows the filter keeps every row anyway',
  },
  'mock/store/memory/memory-repositories.ts:48:18 MethodExpression user.org_ids': {
    classification: 'outside the document',
    why: "removing an organization: the admin API's isolated orgs",
  },
  'mock/store/memory/memory-repositories.ts:49:9 EqualityOperator rest.length !== 0': {
    classification: 'outside the document',
    why: "removing an organization: the admin API's isolated orgs",
  },
  'mock/store/memory/memory-repositories.ts:49:35 ObjectLiteral {}': {
    classification: 'outside the document',
    why: "removing an organization: the admin API's isolated orgs",
  },
  'mock/store/memory/memory-repositories.ts:50:31 StringLiteral ""': {
    classification: 'outside the document',
    why: "removing an organization: the admin API's isolated orgs",
  },
  'mock/store/memory/memory-state.ts:86:25 MethodExpression previous.email.toUpperCase()': {
    classification: 'outside the document',
    why: 'the email index of a removed user: only the admin API removes users',
  },
  'mock/store/memory/ordered-index.ts:155:11 ConditionalExpression false': {
    classification: 'equivalent',
    why: "reached only when a record's created_at changes, which no operation of the document does",
  },
  'mock/store/memory/search-text.ts:23:71 StringLiteral "Stryker was here!"': {
    classification: 'outside the document',
    why: "an empty middle_name makes 'first  last' (two spaces) searchable in 'first middle last': the document does not say how an empty middle name joins",
  },
  'mock/pipeline/validate/validate-request.ts:64:7 ConditionalExpression false': {
    classification: 'equivalent',
    why: 'an absent optional body (only a contact DELETE has one) is validated as an empty form, which gets the same defaults: every DELETE without a body of the run behaved the same',
  },
  'mock/shared/problem.ts:132:7 ConditionalExpression true': {
    classification: 'equivalent',
    why: "only an error without a 4xx status that is not an HttpError takes another branch: a bug of the mock, which no request of the document reaches (body-parser's errors all carry a 4xx, and a refused body's 400 is checked: Content-Encoding gzip that is not)",
  },
  "mock/shared/problem.ts:132:7 LogicalOperator typeof status === 'number' && status >= 400 || status < 500":
    {
      classification: 'equivalent',
      why: "only an error without a 4xx status that is not an HttpError takes another branch: a bug of the mock, which no request of the document reaches (body-parser's errors all carry a 4xx, and a refused body's 400 is checked: Content-Encoding gzip that is not)",
    },
  "mock/shared/problem.ts:132:7 LogicalOperator typeof status === 'number' || status >= 400": {
    classification: 'equivalent',
    why: "only an error without a 4xx status that is not an HttpError takes another branch: a bug of the mock, which no request of the document reaches (body-parser's errors all carry a 4xx, and a refused body's 400 is checked: Content-Encoding gzip that is not)",
  },
  'mock/shared/problem.ts:132:37 ConditionalExpression true': {
    classification: 'equivalent',
    why: "only an error without a 4xx status that is not an HttpError takes another branch: a bug of the mock, which no request of the document reaches (body-parser's errors all carry a 4xx, and a refused body's 400 is checked: Content-Encoding gzip that is not)",
  },
  'mock/shared/problem.ts:132:54 ConditionalExpression true': {
    classification: 'equivalent',
    why: "only an error without a 4xx status that is not an HttpError takes another branch: a bug of the mock, which no request of the document reaches (body-parser's errors all carry a 4xx, and a refused body's 400 is checked: Content-Encoding gzip that is not)",
  },
  'mock/shared/problem.ts:132:54 EqualityOperator status <= 500': {
    classification: 'equivalent',
    why: "only an error without a 4xx status that is not an HttpError takes another branch: a bug of the mock, which no request of the document reaches (body-parser's errors all carry a 4xx, and a refused body's 400 is checked: Content-Encoding gzip that is not)",
  },
  'mock/shared/problem.ts:132:37 EqualityOperator status > 400': {
    classification: 'gap',
    why: "the errors table and decision 19: a body the server's parser refuses with 400 becomes a 500; closed since by the check of a body marked Content-Encoding: gzip that is neither gzip nor UTF-8 (the --mutate run of this line kills it)",
  },
  'mock/handlers/contacts.ts:63:49 StringLiteral ""': {
    classification: 'gap',
    why: 'decision 23: a field message must be a sentence to show next to the field; this one becomes empty, and no check reads errors[].message',
  },
}
