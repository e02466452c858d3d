import { execFile } from 'node:child_process'
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import ts from 'typescript'
import { ROOT } from './server-process.ts'

const run = promisify(execFile)

/** The package as users run it: compiled JavaScript, started with `node dist/mock/process/main.js`. */
export interface CompiledPackage {
  /** The folder that stands for the installed package (package.json, dist/, node_modules). */
  root: string
  /** `dist/mock/process/main.js` in it: what `npx contacts-mock` runs. */
  mockEntry: string
  /** bench/baseline-server.ts compiled beside it: both sides of a ratio run as JavaScript. */
  baselineEntry: string
}

/** The baseline app as plain JavaScript, so that its start-up and RSS carry no TypeScript loader. */
function compileBaseline(root: string): string {
  const source = readFileSync(join(ROOT, 'bench', 'baseline-server.ts'), 'utf8')
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  })
  const entry = join(root, 'baseline-server.js')
  writeFileSync(entry, outputText)
  return entry
}

/** What a failed child process printed (execFile's error carries it). */
function outputOf(error: unknown): string {
  if (typeof error !== 'object' || error === null) return ''
  return ['stdout', 'stderr']
    .map((key) => {
      const value: unknown = Reflect.get(error, key)
      return typeof value === 'string' ? value : ''
    })
    .join('')
}

async function build(): Promise<void> {
  try {
    await run(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
      cwd: ROOT,
      env: { ...process.env, NODE_OPTIONS: '' },
      timeout: 300_000,
    })
  } catch (error) {
    throw new Error(
      `npm run build failed; the bench measures the compiled package (--skip-build measures ` +
        `dist/ as it is):\n${outputOf(error)}`,
      { cause: error },
    )
  }
}

/**
 * Builds dist/ as `npm run build` does (unless `skipBuild`), then copies it into the bench's own
 * folder: other work in the repository may rebuild dist/ (it starts by removing it) meanwhile.
 */
export async function buildPackage(benchDir: string, skipBuild: boolean): Promise<CompiledPackage> {
  if (!skipBuild) await build()
  const root = join(benchDir, 'package')
  mkdirSync(root)
  cpSync(join(ROOT, 'dist'), join(root, 'dist'), { recursive: true })
  // main.js reads its version from the package.json three folders up, as in an installed package
  copyFileSync(join(ROOT, 'package.json'), join(root, 'package.json'))
  // its imports resolve from the package folder up, as from node_modules/contacts-mock-kit
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'), 'dir')
  const mockEntry = join(root, 'dist', 'mock', 'process', 'main.js')
  if (!existsSync(mockEntry)) throw new Error(`The build left no ${mockEntry}`)
  return { root, mockEntry, baselineEntry: compileBaseline(root) }
}
