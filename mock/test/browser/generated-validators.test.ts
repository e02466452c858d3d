// The validators the browser build generates (Ajv's standalone code) judge as the ones Node
// compiles at run time: for every operation of both documents, the same inputs get the same
// verdicts, the same errors (hence the same 400 and 422 problems) and the same coerced data.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { beforeAll, describe, expect, test } from '@jest/globals'
import type { OpenAPIV3_1 } from 'openapi-types'
import { resolveRef, type OpenApiDocument } from '../../../openapi/document.ts'
import { loadAdminDocument, loadDocument } from '../../../openapi/document-files.ts'
import type { Built } from '../../fetch/bundle/built.ts'
import { createGeneratedSource } from '../../fetch/bundle/generated-source.ts'
import {
  compileOperations,
  type CompiledOperation,
  type Validator,
} from '../../pipeline/validate/compile-operations.ts'
import { buildBrowser } from '../../../scripts/build-browser.ts'
import { closeAfterAll } from '../../../test-support/close-after-all.ts'
import {
  bodyInputs,
  examplesOf,
  pathInputs,
  queryInputs,
  type Input,
} from '../../../test-support/browser/validator-inputs.ts'

const opened = closeAfterAll()
let built: Built

beforeAll(async () => {
  const dir = opened.track(mkdtempSync(join(tmpdir(), 'generated-validators-')), (path) => {
    rmSync(path, { recursive: true, force: true })
  })
  const entry = fileURLToPath(
    new URL('../../../test-support/browser/built-entry.ts', import.meta.url),
  )
  const { outfile } = await buildBrowser({ entry, outfile: join(dir, 'built.mjs') })
  const module = (await import(pathToFileURL(outfile).href)) as { BUILT: Built }
  built = module.BUILT
}, 60_000)

interface Verdict {
  valid: boolean
  errors: unknown
  /** The input after validation: coercion and defaults change it in place. */
  data: unknown
}

function judge(validate: Validator, value: unknown): Verdict {
  const data = structuredClone(value)
  const valid = validate(data)
  return { valid, errors: JSON.parse(JSON.stringify(validate.errors ?? [])) as unknown, data }
}

/** Each validator of an operation, with the inputs to give it. */
function checksOf(
  document: OpenApiDocument,
  operation: CompiledOperation,
): { part: string; inputs: Input[]; pick: (op: CompiledOperation) => Validator | undefined }[] {
  const item = document.paths?.[operation.documentPath] ?? {}
  const parameters = [...(item.parameters ?? []), ...(item[operation.method]?.parameters ?? [])]
    .map((parameter) => resolveRef<OpenAPIV3_1.ParameterObject>(document, parameter))
    .filter((parameter) => parameter.in === 'query')
  const requestBody = item[operation.method]?.requestBody
  const content = requestBody
    ? resolveRef<OpenAPIV3_1.RequestBodyObject>(document, requestBody).content
    : {}
  const pathNames = [...operation.documentPath.matchAll(/\{(\w+)\}/g)].map((match) => match[1])
  return [
    {
      part: 'path',
      inputs: pathInputs(pathNames.filter((name) => name !== undefined)),
      pick: (op) => op.validatePath,
    },
    {
      part: 'query',
      inputs: queryInputs(parameters.map((parameter) => parameter.name)),
      pick: (op) => op.query.validate,
    },
    ...Object.entries(content).map(([mediaType, media]) => ({
      part: mediaType,
      inputs: bodyInputs(examplesOf(document, media)),
      pick: (op: CompiledOperation) => op.body?.validators.get(mediaType),
    })),
  ]
}

const DOCUMENTS = [
  { name: 'the Contacts API', load: loadDocument, of: (b: Built) => b.documents.api },
  { name: 'the admin API', load: loadAdminDocument, of: (b: Built) => b.documents.admin },
] as const

describe.each(DOCUMENTS)('The generated validators of $name', ({ name, load, of }) => {
  const validatorsOf = (b: Built) =>
    name === 'the admin API' ? b.validators.admin : b.validators.api

  test('When each operation is compiled from the bundled document and its generated validators, then its routes, parameters and defaults are as compiled in Node', () => {
    // Arrange
    const document = load()

    // Act
    const atRunTime = compileOperations(document)
    const generated = compileOperations(of(built), {
      source: createGeneratedSource(validatorsOf(built)),
    })

    // Assert
    const shape = (op: CompiledOperation) => ({
      id: op.operationId,
      route: `${op.method} ${op.documentPath}`,
      secured: op.secured,
      arrays: [...op.query.arrays],
      defaults: op.query.defaults,
      body: op.body && { required: op.body.required, types: [...op.body.validators.keys()] },
    })
    expect(generated.map(shape)).toEqual(atRunTime.map(shape))
    expect(atRunTime.length).toBeGreaterThan(5)
  })

  test('When every operation gets valid and broken paths, queries and bodies, then both validators give the same verdicts, errors and coerced data', () => {
    // Arrange
    const document = load()
    const atRunTime = compileOperations(document)
    const generated = compileOperations(of(built), {
      source: createGeneratedSource(validatorsOf(built)),
    })
    const differences: string[] = []
    // a part that never sees both verdicts compares failures (or successes) alone
    const oneSided: string[] = []

    // Act
    for (const [index, operation] of atRunTime.entries()) {
      const other = generated[index]
      if (!other) throw new Error(`no generated ${operation.operationId}`)
      for (const { part, inputs, pick } of checksOf(document, operation)) {
        const [expected, actual] = [pick(operation), pick(other)]
        if (!expected || !actual)
          throw new Error(`${operation.operationId} has no ${part} validator`)
        const seen = new Set<boolean>()
        for (const { label, value } of inputs) {
          const want = judge(expected, value)
          seen.add(want.valid)
          const got = judge(actual, value)
          if (JSON.stringify(got) !== JSON.stringify(want)) {
            differences.push(`${operation.operationId} ${part}, ${label}`)
          }
        }
        const nothingToBreak = part === 'path' && !operation.documentPath.includes('{')
        if (seen.size < 2 && !nothingToBreak) oneSided.push(`${operation.operationId} ${part}`)
      }
    }

    // Assert
    expect(differences).toEqual([])
    expect(oneSided).toEqual([])
  })
})

test('When a validator the build did not generate is asked for, then the source names its key', () => {
  // Arrange
  const source = createGeneratedSource({})

  // Act
  const ask = () => source.validator('strict', { pointer: 'openapi.json#/nothing' })

  // Assert
  expect(ask).toThrow('no validator was generated for strict openapi.json#/nothing')
})
