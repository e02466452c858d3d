// The browser bundle (`contacts-mock-kit/browser`): mock/fetch/browser.ts and the core behind it
// as one minified ES module, dist/browser/contacts-mock.js, with msw left to the page's bundler.
// Nothing in it compiles code at run time, so a page with `script-src 'self'` runs it: the
// validators are generated here (generate-validators.ts), and the modules that would compile or
// generate in the page are swapped for ones that say why they cannot (mock/fetch/bundle/swaps/).
// Run by `npm run build`, or alone: `tsx scripts/build-browser.ts`.
import { mkdirSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, type Metafile, type Plugin } from 'esbuild'
import { loadAdminDocument, loadDocument } from '../openapi/document-files.ts'
import type { OpenApiDocument } from '../openapi/document.ts'
import { createSeed } from '../fixtures/seed.ts'
import { generateValidators, VALIDATOR_MODES } from './generate-validators.ts'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
export const BROWSER_ENTRY = join(ROOT, 'mock/fetch/browser.ts')
export const BROWSER_BUNDLE = join(ROOT, 'dist/browser/contacts-mock.js')
/** Left to the page's bundler: a peer dependency, never bundled. */
export const BROWSER_EXTERNALS = ['msw', 'msw/*']

const BUILT = join(ROOT, 'mock/fetch/bundle/built.ts')
const SWAPS = join(ROOT, 'mock/fetch/bundle/swaps')
/** Modules that compile or generate at run time, and what stands in their place in the page. */
const SWAPPED: ReadonlyMap<string, string> = new Map(
  [
    'mock/pipeline/validate/ajv-source.ts',
    'mock/pipeline/reply/reply-check.ts',
    'fixtures/build-org.ts',
  ].map((file) => [join(ROOT, file), join(SWAPS, file.slice(file.lastIndexOf('/') + 1))]),
)
const GENERATED = 'contacts-mock-generated'

// Words for people, which the core never reads; kept where they name a property.
const FOR_PEOPLE = new Set(['description', 'summary', 'example', 'examples', 'externalDocs'])
const NAMES_PROPERTIES = new Set(['properties', 'patternProperties'])

/** The document without its prose and examples: a third of its size, and all the core reads. */
export function pruneDocument(node: unknown, parentKey = ''): unknown {
  if (Array.isArray(node)) return node.map((item) => pruneDocument(item))
  if (typeof node !== 'object' || node === null) return node
  const keep = NAMES_PROPERTIES.has(parentKey)
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => keep || !FOR_PEOPLE.has(key))
      .map(([key, value]) => [key, pruneDocument(value, key)]),
  )
}

/** JSON as a JavaScript expression: JSON.parse of a string literal parses faster than a literal. */
const jsonExpression = (value: unknown): string =>
  `JSON.parse(${JSON.stringify(JSON.stringify(value))})`

/** The generated modules by name: each document's validators per mode, and `built` itself. */
function generatedModules(): Map<string, string> {
  const documents: Record<'api' | 'admin', OpenApiDocument> = {
    api: loadDocument(),
    admin: loadAdminDocument(),
  }
  const modules = new Map<string, string>()
  const lines: string[] = []
  for (const [name, document] of Object.entries(documents)) {
    for (const mode of VALIDATOR_MODES) {
      modules.set(`${name}-${mode}`, generateValidators(document, mode))
      lines.push(`import { validators as ${name}_${mode} } from '${GENERATED}:${name}-${mode}'`)
    }
  }
  const merged = (name: string): string =>
    `{ ${VALIDATOR_MODES.map((mode) => `...${name}_${mode}`).join(', ')} }`
  modules.set(
    'built',
    `${lines.join('\n')}
export const BUILT = {
  documents: { api: ${jsonExpression(pruneDocument(documents.api))}, admin: ${jsonExpression(pruneDocument(documents.admin))} },
  validators: { api: ${merged('api')}, admin: ${merged('admin')} },
  fixtures: ${JSON.stringify(JSON.stringify(createSeed()))},
}
`,
  )
  return modules
}

/** Puts the generated modules and the swaps in place, and marks Ajv's compiler droppable. */
function browserPlugin(modules: Map<string, string>): Plugin {
  return {
    name: 'contacts-mock-browser',
    setup(build) {
      build.onResolve({ filter: /\.ts$/ }, (args) => {
        const file = resolve(args.resolveDir, args.path)
        if (file === BUILT) return { path: 'built', namespace: GENERATED }
        const swap = SWAPPED.get(file)
        return swap === undefined ? undefined : { path: swap }
      })
      build.onResolve({ filter: new RegExp(`^${GENERATED}:`) }, (args) => ({
        path: args.path.slice(GENERATED.length + 1),
        namespace: GENERATED,
      }))
      // openapi/document.ts imports Ajv's compiler for the Node side; in the page nothing calls it
      build.onResolve({ filter: /^ajv(-formats)?(\/dist\/2020\.js)?$/ }, async (args) => {
        if (args.pluginData === GENERATED) return undefined
        const { kind, resolveDir, importer } = args
        const found = await build.resolve(args.path, {
          kind,
          resolveDir,
          importer,
          pluginData: GENERATED,
        })
        return { path: found.path, sideEffects: false }
      })
      build.onLoad({ filter: /.*/, namespace: GENERATED }, (args) => {
        const contents = modules.get(args.path)
        if (contents === undefined) throw new Error(`nothing generated as ${args.path}`)
        // the generated code imports Ajv's run-time helpers by package name
        return { contents, loader: 'js', resolveDir: ROOT }
      })
    },
  }
}

export interface BrowserBuild {
  outfile: string
  /** What each input put into the bundle (esbuild's metafile). */
  metafile: Metafile
}

/** Generates, then bundles `entry` (the browser entry) into `outfile`, minified. */
export async function buildBrowser({
  entry = BROWSER_ENTRY,
  outfile = BROWSER_BUNDLE,
}: { entry?: string; outfile?: string } = {}): Promise<BrowserBuild> {
  mkdirSync(dirname(outfile), { recursive: true })
  const result = await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    external: BROWSER_EXTERNALS,
    metafile: true,
    logLevel: 'warning',
    plugins: [browserPlugin(generatedModules())],
  })
  return { outfile, metafile: result.metafile }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { outfile } = await buildBrowser()
  process.stdout.write(`Built ${outfile}\n`)
}
