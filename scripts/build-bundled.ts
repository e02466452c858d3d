// Modules of this repository that only re-export what they take of a dependency, whose compiled
// file is replaced here by one ES module with that part of the dependency inside, minified,
// tree-shaken, and beside it the licences of what went in. Run by `npm run build`, after tsc.
// - mock/mcp/sdk.ts: the MCP SDK is a development dependency; it and its own dependencies (zod,
//   hono, jose, express-rate-limit...) would grow a user's install by some 20 MB.
// - fixtures/faker.ts: faker's index imports its 70 locales, 0.4 s of CPU at each start that
//   generates fixtures or an org; the four the fixtures speak load in a fifth of that.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const ROOT = fileURLToPath(new URL('../', import.meta.url))

interface BundledModule {
  /** The re-exporting module, from the repository's root. */
  source: string
  /** Dependencies of the package: imported from node_modules, never bundled. */
  external: string[]
}

export const BUNDLED_MODULES: readonly BundledModule[] = [
  // Ajv stays outside: it is a dependency of the package already
  { source: 'mock/mcp/sdk.ts', external: ['ajv', 'ajv/*', 'ajv-formats'] },
  { source: 'fixtures/faker.ts', external: [] },
]

/** `dist/…/name.js` of a source module. */
export const bundleOf = (source: string): string =>
  join(ROOT, 'dist', source.replace(/\.ts$/, '.js'))

/** `node_modules/@scope/name/...` or `node_modules/name/...`: the package's folder. */
const packageFolderOf = (input: string): string | undefined =>
  /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input)?.[1]

/** Each package's name, version, licence and licence text, for the file beside a bundle. */
function licencesOf(inputs: readonly string[]): string {
  const folders = [...new Set(inputs.flatMap((input) => packageFolderOf(input) ?? []))].sort()
  const licences = folders.map((folder) => {
    const manifest = JSON.parse(readFileSync(join(ROOT, folder, 'package.json'), 'utf8')) as {
      name: string
      version: string
      license?: string
    }
    const file = ['LICENSE', 'LICENSE.md', 'license', 'LICENCE'].find((name) =>
      existsSync(join(ROOT, folder, name)),
    )
    const text = file === undefined ? '' : readFileSync(join(ROOT, folder, file), 'utf8').trim()
    return `${manifest.name} ${manifest.version} (${manifest.license ?? 'see its package'})\n\n${text}`
  })
  return `${licences.join(`\n\n${'-'.repeat(72)}\n\n`)}\n`
}

async function bundleModule({ source, external }: BundledModule): Promise<void> {
  const outfile = bundleOf(source)
  const licenceFile = outfile.replace(/\.js$/, '.licenses.txt')
  const name = licenceFile.slice(licenceFile.lastIndexOf('/') + 1)
  const result = await build({
    entryPoints: [join(ROOT, source)],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    minify: true,
    external,
    outfile,
    allowOverwrite: true,
    metafile: true,
    banner: { js: `// ${source}, bundled by scripts/build-bundled.ts; licences: ${name}` },
    logLevel: 'silent',
  })
  // an ES module bundle cannot require(): a CommonJS dependency inside would fail at run time
  if (readFileSync(outfile, 'utf8').includes('Dynamic require of')) {
    throw new Error(`A CommonJS module is bundled into ${outfile}: it cannot load`)
  }
  writeFileSync(licenceFile, licencesOf(Object.keys(result.metafile.inputs)))
}

export async function buildBundledModules(): Promise<void> {
  await Promise.all(BUNDLED_MODULES.map(bundleModule))
}
