// The CommonJS build (`require('contacts-mock-kit')`, `/fetch`, `/msw`, `/types`): Jest's CommonJS
// runtime has its own module system, which loads no ES module, so dist/cjs/ holds bundles of the
// Node entries with the ES-module-only dependencies (faker) inside, and a file per entry. Each `import.meta.url` becomes the URL of the compiled ES module it stands for, so the
// documents, migrations and pages are read from where dist/ already has them. The declarations
// are copied under dist/cjs/ too, where a package.json says `commonjs`: TypeScript then reads them
// as CommonJS for a `require` (moduleResolution node16, or node with typesVersions).
// Run by `npm run build`, after tsc.
import { cpSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { dirname, join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, type Plugin } from 'esbuild'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const DIST = join(ROOT, 'dist')
export const CJS_DIR = join(DIST, 'cjs')
/** The entries of package.json's `exports` a CommonJS module may require, and their modules. */
export const CJS_ENTRIES = {
  index: 'mock/process/index.ts',
  fetch: 'mock/fetch/node/fetch.ts',
  msw: 'mock/fetch/node/msw.ts',
  types: 'openapi/types.ts',
} as const
/** Dependencies that have a CommonJS form of their own: required, never bundled. */
const REQUIRED = [
  'ajv',
  'ajv-formats',
  'body-parser',
  'expect',
  'express',
  'fast-check',
  'msw',
  'openapi-types',
  'pg',
  'pino',
  'supertest',
  'yaml',
].flatMap((name) => [name, `${name}/*`])

/** `import.meta.url` of a module of this repository: its compiled twin's URL in dist/. */
const importMetaOfDist: Plugin = {
  name: 'import-meta-of-dist',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.includes(`${sep}node_modules${sep}`)) return undefined
      const source = await readFile(args.path, 'utf8')
      if (!source.includes('import.meta.url')) return { contents: source, loader: 'ts' }
      const twin = relative(CJS_DIR, join(DIST, relative(ROOT, args.path))).replace(/\.ts$/, '.js')
      const url = `require('node:url').pathToFileURL(require('node:path').join(__dirname, ${JSON.stringify(twin)})).href`
      return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' }
    })
  },
}

/** Every declaration file under `dir` (dist/cjs/ and the browser bundle left out). */
function findDeclarations(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.d.ts'))
    .filter((file) => !file.startsWith('cjs') && !file.startsWith('browser'))
}

/** A CommonJS bundle of `source` (module text under ROOT) at dist/cjs/`name`.js. */
async function bundle(name: string, source: string, plugins: Plugin[] = []): Promise<void> {
  const result = await build({
    stdin: { contents: source, resolveDir: ROOT, loader: 'ts' },
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    external: REQUIRED,
    plugins: [importMetaOfDist, ...plugins],
    outfile: join(CJS_DIR, `${name}.js`),
    logLevel: 'silent',
  })
  // an import.meta left in a CommonJS bundle is an empty object: a broken path at run time
  const left = result.warnings.filter((warning) => warning.text.includes('import.meta'))
  if (left.length > 0)
    throw new Error(`import.meta left in the CommonJS build: ${left[0]?.text ?? ''}`)
}

/** The msw entry's import of the fetch entry: required from dist/cjs/fetch.js, not bundled again. */
const fetchEntryRequired: Plugin = {
  name: 'fetch-entry-required',
  setup(builder) {
    builder.onResolve({ filter: /\/fetch\.ts$/ }, (args) =>
      join(args.resolveDir, args.path) === join(ROOT, CJS_ENTRIES.fetch)
        ? { path: './fetch.js', external: true }
        : undefined,
    )
  },
}

export async function buildCjs(): Promise<void> {
  // One bundle for the entries without msw (an optional peer dependency: require('contacts-mock-kit')
  // must not need it), and the msw entry on its own, requiring the fetch entry's copy of the mock
  const { msw, ...others } = CJS_ENTRIES
  const lines = Object.entries(others).map(([name, file]) => `export * as ${name} from './${file}'`)
  await bundle('kit', lines.join('\n'))
  for (const name of Object.keys(others))
    writeFileSync(join(CJS_DIR, `${name}.js`), `module.exports = require('./kit.js').${name}\n`)
  await bundle('msw', `export * from './${msw}'`, [fetchEntryRequired])
  writeFileSync(join(CJS_DIR, 'package.json'), '{ "type": "commonjs" }\n')
  for (const file of findDeclarations(DIST)) {
    mkdirSync(dirname(join(CJS_DIR, file)), { recursive: true })
    cpSync(join(DIST, file), join(CJS_DIR, file))
  }
}
