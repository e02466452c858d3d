/* global document, fetch, setTimeout, clearTimeout, URLSearchParams, FormData */
// The data browser: an org's contacts, and the chosen user's relationships in it, through the API
// itself, as a chosen fixture user sees them, a page at a time. Its requests carry a header that
// keeps them out of the inspector's list.
import { element, row, SCROLLS } from './elements.js'

const form = document.getElementById('data-form')
const contact = document.getElementById('contact')
const OWN = { 'X-Contacts-Mock-Face': 'data-browser' }
const PAGE_SIZE = 25
let timer
// the relationship types' names, read once
let typeNames

const nameOf = (c) => [c.first_name, c.middle_name, c.last_name].filter(Boolean).join(' ')

/** A call of the API as the chosen user; in the chosen org unless `inOrg` is false. */
async function call(path, query = new URLSearchParams(), inOrg = true) {
  const chosen = new FormData(form)
  const org = inOrg ? `/orgs/${encodeURIComponent(chosen.get('org'))}` : ''
  const url = `/api/v1${org}${path}?${query}`
  const res = await fetch(url, {
    headers: { ...OWN, Authorization: `Bearer ${chosen.get('token')}` },
  })
  const body = await res.json()
  if (!res.ok) throw new Error(`${res.status}: ${body.detail}`)
  return body
}

async function showContact(id) {
  const query = new URLSearchParams()
  for (const group of new FormData(form).getAll('include')) query.append('include[]', group)
  try {
    const found = await call(`/contacts/${id}`, query)
    contact.replaceChildren(
      element('h3', {}, nameOf(found)),
      element('pre', SCROLLS, JSON.stringify(found, null, 2)),
    )
  } catch (error) {
    contact.replaceChildren(element('p', {}, error.message))
  }
}

const openButton = (label, id, title) => {
  const open = element('button', { type: 'button', class: 'row', ...(title && { title }) }, label)
  open.addEventListener('click', () => void showContact(id))
  return open
}

/**
 * One paged list: its count line, its table (#what) and its pager (#what-pages). `read(query)`
 * answers a page of the API's list, its records under `key`; `rowOf` makes a row of one.
 */
function pagedList(what, countId, key, read, rowOf) {
  const count = document.getElementById(countId)
  const tbody = document.querySelector(`#${what} tbody`)
  const pager = document.getElementById(`${what}-pages`)
  const [previous, next] = pager.querySelectorAll('button')
  const where = pager.querySelector('span')
  let page = 1
  let pages = 1
  const show = async () => {
    const query = new URLSearchParams({ limit: String(PAGE_SIZE), page: String(page) })
    if (new FormData(form).get('deleted')) query.append('include[]', 'deleted')
    try {
      const { [key]: records, count: total, first } = await read(query)
      pages = Math.max(1, Math.ceil(total / PAGE_SIZE))
      count.textContent =
        total === 0
          ? `0 ${what}`
          : `${total} ${what}, ${first} to ${first + records.length - 1} shown`
      tbody.replaceChildren(...(await Promise.all(records.map(rowOf))))
    } catch (error) {
      count.textContent = error.message
      tbody.replaceChildren()
    }
    where.textContent = `Page ${page} of ${pages}`
    previous.disabled = page <= 1
    next.disabled = page >= pages
  }
  for (const button of [previous, next]) {
    button.addEventListener('click', () => {
      page = Math.min(pages, Math.max(1, page + Number(button.dataset.step)))
      void show()
    })
  }
  return {
    fromStart: () => {
      page = 1
      return show()
    },
  }
}

const contacts = pagedList(
  'contacts',
  'data-count',
  'contacts',
  (query) => {
    const search = String(new FormData(form).get('search') ?? '').trim()
    if (search) query.set('search', search)
    return call('/contacts', query)
  },
  (c) =>
    row([
      openButton(nameOf(c), c.id),
      c.employer ?? '',
      c.job_title ?? '',
      c.deleted_at ? 'deleted' : '',
    ]),
)

const relationships = pagedList(
  'relationships',
  'relationships-count',
  'user_relationships',
  (query) => {
    typeNames ??= call('/relationships', undefined, false).then(
      ({ relationships: types }) => new Map(types.map((t) => [t.id, t.name])),
      () => new Map(),
    )
    return call('/user_relationships', query)
  },
  async (r) =>
    row([
      openButton(`${r.contact_id.slice(0, 8)}…`, r.contact_id, r.contact_id),
      (await typeNames).get(r.relationship_id) ?? r.relationship_id,
      r.anniversary_date ?? '',
      r.deleted_at ? 'deleted' : '',
    ]),
)

const listAll = () => {
  void contacts.fromStart()
  void relationships.fromStart()
}

form.addEventListener('submit', (event) => event.preventDefault())
form.addEventListener('input', () => {
  clearTimeout(timer)
  timer = setTimeout(listAll, 200)
})
listAll()
