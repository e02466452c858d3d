// `contacts-mock --help`: every flag and variable with its default, from the options table.
import { wrapWords } from '../shared/wrap-words.ts'
import { OPTIONS, type OptionSpec } from './options.ts'

const WIDTH = 91
const INDENT = 27

function entry(flag: string, spec: Pick<OptionSpec, 'value' | 'env' | 'help' | 'shows'>): string {
  const named = spec.value === undefined ? `--${flag}` : `--${flag} ${spec.value}`
  const tail = [spec.env, spec.shows === undefined ? undefined : `default ${spec.shows}`]
    .filter((part) => part !== undefined)
    .join(', ')
  const [first = '', ...rest] = wrapWords(
    tail === '' ? spec.help : `${spec.help} (${tail})`,
    WIDTH,
    INDENT,
  )
  return [
    `  ${named.padEnd(INDENT - 4)}  ${first}`,
    ...rest.map((line) => ' '.repeat(INDENT) + line),
  ].join('\n')
}

export const USAGE = [
  'Usage: contacts-mock [flags]     (in this repository: npm start -- [flags])',
  entry('help', { help: 'this text' }),
  entry('version', { help: 'the version of contacts-mock-kit' }),
  ...Object.entries(OPTIONS).map(([flag, spec]) => entry(flag, spec)),
  'Flags win over the environment variables in parentheses.',
].join('\n')
