// The page: Acme's contacts, a form to add one, and a button that asks for an outage. Its API is
// served by the mock in this page (contacts-mock-kit/browser): MSW's service worker hands each
// request to it, and its data is kept in IndexedDB, so what you add is there after a reload. The
// mock is in development (`vite`) and in a build made with VITE_MOCK=true; any other build leaves
// it out, and the page calls its own origin's API as it would a real backend's.
import { createContactsApi, ProblemError, type ContactRow } from './api.ts'

function element<T extends HTMLElement>(id: string, type: new () => T): T {
  const found = document.getElementById(id)
  if (!(found instanceof type)) throw new Error(`index.html has no #${id} of that kind`)
  return found
}
const status = element('status', HTMLElement)
const problem = element('problem', HTMLElement)
const list = element('contacts', HTMLUListElement)
const form = element('create', HTMLFormElement)

// Started before the first request: until then the worker leaves the API's paths to the network.
// Vite writes the flags in as constants, so a build without the mock has no import() left, and
// none of the mock's or msw's code (the build test, vite-app-builds.test.ts, checks both ways).
const mock =
  import.meta.env.DEV || import.meta.env.VITE_MOCK === 'true'
    ? await import('contacts-mock-kit/browser').then(({ startMockWorker }) => startMockWorker())
    : undefined
// the mock's data is the bundled fixtures (or yours): a name it does not hold is undefined
const api = createContactsApi(mock?.orgs.acme ?? '', mock?.tokens.alice ?? '')
const from =
  mock === undefined
    ? 'from the API'
    : mock.from === 'database'
      ? 'kept in IndexedDB'
      : 'the fixtures, now in IndexedDB'

function show(contacts: readonly ContactRow[], count: number): void {
  list.replaceChildren(
    ...contacts.map((contact) => {
      const item = document.createElement('li')
      item.textContent = [contact.first_name, contact.last_name].filter(Boolean).join(' ')
      return item
    }),
  )
  status.textContent = `${String(count)} contacts (${from})`
}

/** Runs `work`; a problem it meets is shown, anything else is thrown on. */
async function guarded(work: () => Promise<void>): Promise<void> {
  problem.hidden = true
  try {
    await work()
  } catch (error) {
    if (!(error instanceof ProblemError)) throw error
    const { status: code, title, detail } = error.problem
    problem.textContent = `${String(code)} ${title}${detail ? `: ${detail}` : ''}`
    problem.hidden = false
  }
}

const load = (prefer?: string): Promise<void> =>
  guarded(async () => {
    const { contacts, count } = await api.list(prefer)
    show(contacts, count)
  })

form.addEventListener('submit', (event) => {
  event.preventDefault()
  const fields = new FormData(form)
  const text = (name: string): string => {
    const value = fields.get(name)
    return typeof value === 'string' ? value.trim() : ''
  }
  const lastName = text('last_name')
  void guarded(async () => {
    await api.create({
      first_name: text('first_name'),
      ...(lastName !== '' && { last_name: lastName }),
    })
    form.reset()
    await load()
  })
})
element('outage', HTMLButtonElement).addEventListener('click', () => void load('code=503'))
const reset = element('reset', HTMLButtonElement)
reset.hidden = mock === undefined
reset.addEventListener('click', () => {
  void mock?.reset().then(() => load())
})

await load()
document.body.dataset.ready = 'true'
