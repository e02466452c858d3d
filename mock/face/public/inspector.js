/* global document, sessionStorage, fetch, navigator, TextDecoderStream, setTimeout, window, FormData */
// The request inspector: the recorded requests, live from a server-sent event stream read with
// fetch (an EventSource could not send the admin token), one request in full, the fault rules.
import { element, row, SCROLLS } from './elements.js'

const TOKEN_KEY = 'contacts-mock.admin-token'
const MAX_ROWS = 500
const tokenForm = document.getElementById('admin-token')
const live = document.getElementById('live')
const tbody = document.querySelector('#requests tbody')
const detail = document.getElementById('detail')
const filters = document.getElementById('filters')
const faults = document.getElementById('faults')
const clear = document.getElementById('clear')
const requests = [] // summaries, oldest first
let lastId = 0
let tokenArrived

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** A guarded route: with the admin token once given; asks for it when the mock wants one. */
async function guarded(url, options = {}) {
  const token = sessionStorage.getItem(TOKEN_KEY)
  const headers = { ...options.headers, ...(token ? { Authorization: `Bearer ${token}` } : {}) }
  const res = await fetch(url, { ...options, headers })
  if (res.status === 403) {
    // the problem's detail says so; another 403 is the answer
    if ((await res.clone().text()).includes("needs the mock's --admin-token")) {
      tokenForm.hidden = false
      await new Promise((resolve) => (tokenArrived = resolve))
      return guarded(url, options)
    }
  }
  return res
}

tokenForm.addEventListener('submit', (event) => {
  event.preventDefault()
  sessionStorage.setItem(TOKEN_KEY, new FormData(tokenForm).get('token'))
  tokenForm.reset()
  tokenForm.hidden = true
  tokenArrived?.()
})

const matches = (summary) => {
  const wanted = new FormData(filters)
  const status = wanted.get('status')
  const operation = wanted.get('operation')
  return (
    (!status || String(summary.status).startsWith(status)) &&
    (!operation || summary.operationId === operation)
  )
}

// As the terminal's request log cuts them (mock/process/request-log-readable.ts): a UUID is 36
// characters that make the path column wrap and say nothing at a glance.
const UUID = /[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}/gi
const shorten = (url) => url.replace(UUID, (id) => `${id.slice(0, 8)}…`)

/** The path with a line break allowed after each `/`, `?` and `&`: a row is a line or two. */
const withBreaks = (path) =>
  path.split(/(?<=[/?&])/).flatMap((part, i) => (i === 0 ? [part] : [element('wbr'), part]))

function rowOf(summary) {
  // the full path on hover, and in full (to select and copy) in the detail pane
  const open = element(
    'button',
    { type: 'button', class: 'row', title: summary.url },
    ...withBreaks(shorten(summary.url)),
  )
  open.addEventListener('click', () => void show(summary.id))
  const verdict = element(
    'td',
    { class: `verdict verdict-${summary.verdict}` },
    `${summary.verdict}: ${summary.reason}`,
  )
  return element(
    'tr',
    { 'data-id': String(summary.id) },
    element('td', {}, summary.time.slice(11, 23)),
    element('td', {}, summary.method),
    element('td', { class: 'path' }, open),
    element(
      'td',
      summary.operationId ? { title: summary.operationId } : {},
      summary.operationId ?? '—',
    ),
    element('td', { class: 'status' }, String(summary.status)),
    element('td', {}, String(summary.durationMs)),
    verdict,
  )
}

function add(summary) {
  if (summary.id <= lastId) return
  lastId = summary.id
  requests.push(summary)
  if (requests.length > MAX_ROWS) requests.shift()
  if (!matches(summary)) return
  tbody.prepend(rowOf(summary))
  while (tbody.children.length > MAX_ROWS) tbody.lastElementChild.remove()
}

clear.addEventListener('click', async () => {
  const res = await guarded('/__inspector/requests', { method: 'DELETE' })
  if (!res.ok) return
  requests.length = 0
  tbody.replaceChildren()
  detail.replaceChildren(element('p', {}, 'Choose a request to see it in full.'))
})

filters.addEventListener('change', () => {
  tbody.replaceChildren(...requests.filter(matches).reverse().map(rowOf))
})

const pretty = (text) => {
  try {
    return JSON.stringify(JSON.parse(text), null, 2)
  } catch {
    return text
  }
}

async function show(id) {
  const res = await guarded(`/__inspector/requests/${id}`)
  if (!res.ok) {
    detail.replaceChildren(element('p', {}, `Request ${id} is no longer kept.`))
    return
  }
  const entry = await res.json()
  const copy = element('button', { type: 'button' }, 'Copy as curl')
  const curl = element('pre', { class: 'curl', ...SCROLLS }, entry.curl)
  copy.addEventListener('click', () => {
    navigator.clipboard?.writeText(entry.curl).then(
      () => (copy.textContent = 'Copied'),
      () => window.getSelection()?.selectAllChildren(curl),
    )
  })
  const errors = entry.errors.length
    ? element(
        'table',
        { class: 'errors' },
        element('caption', {}, 'Field errors'),
        element('thead', {}, row(['Field', 'Message'], 'th', { scope: 'col' })),
        element('tbody', {}, ...entry.errors.map((e) => row([e.field, e.message]))),
      )
    : ''
  const headers = Object.entries(entry.requestHeaders)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n')
  detail.replaceChildren(
    element('h3', {}, `${entry.method} ${entry.url}`),
    element(
      'p',
      {},
      `${entry.status} · ${entry.operationId ?? 'no operation'} · ${entry.durationMs} ms · `,
      element('span', { class: `verdict-${entry.verdict}` }, `${entry.verdict}: ${entry.reason}`),
    ),
    errors,
    element('h4', {}, 'Request headers'),
    element('pre', SCROLLS, headers),
    element('h4', {}, 'Request body'),
    element('pre', SCROLLS, entry.requestBody === null ? '(none)' : pretty(entry.requestBody)),
    element('h4', {}, `Response body (${entry.responseType ?? 'none'})`),
    element('pre', SCROLLS, entry.responseBody ? pretty(entry.responseBody) : '(none)'),
    copy,
    curl,
  )
}

/** One `text/event-stream` answer, block by block; the server ends it now and then. */
async function follow() {
  const res = await guarded(`/__inspector/events?after=${lastId}`)
  if (!res.ok || !res.body) throw new Error(`the stream answered ${res.status}`)
  live.textContent = 'live'
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  for (;;) {
    const { value, done } = await reader.read()
    if (done) return
    buffer += value
    let end
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const data = buffer
        .slice(0, end)
        .split('\n')
        .find((line) => line.startsWith('data: '))
      buffer = buffer.slice(end + 2)
      if (data) add(JSON.parse(data.slice(6)))
    }
  }
}

async function followForever() {
  for (;;) {
    try {
      await follow()
    } catch {
      live.textContent = 'reconnecting'
      await sleep(1000)
    }
  }
}

async function showFaults() {
  const res = await guarded('/__admin/faults')
  if (!res.ok) {
    faults.replaceChildren(element('p', {}, `The fault rules could not be read (${res.status}).`))
    return
  }
  const { rules } = await res.json()
  if (rules.length === 0) {
    faults.replaceChildren(element('p', {}, 'No fault rule is active.'))
    return
  }
  faults.replaceChildren(
    element(
      'ul',
      {},
      ...rules.map((rule) => {
        const remove = element('button', { type: 'button' }, `Remove ${rule.id}`)
        remove.addEventListener('click', async () => {
          await guarded(`/__admin/faults/${encodeURIComponent(rule.id)}`, {
            method: 'DELETE',
            headers: { 'Content-Type': 'application/json' },
          })
          await showFaults()
        })
        const what = JSON.stringify({
          match: rule.match,
          respond: rule.respond,
          delay_ms: rule.delay_ms,
        })
        return element('li', {}, element('code', {}, what), ` fired ${rule.hits} times `, remove)
      }),
    ),
  )
}

void followForever()
void showFaults()
