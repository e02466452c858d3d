/* global document, fetch, setTimeout, clearTimeout, URLSearchParams, FormData */
// The data browser: an org's contacts through the API itself, as a chosen fixture user sees them.
// Its requests carry a header that keeps them out of the inspector's list.
const form = document.getElementById('data-form')
const tbody = document.querySelector('#contacts tbody')
const count = document.getElementById('data-count')
const contact = document.getElementById('contact')
const OWN = { 'X-Contacts-Mock-Face': 'data-browser' }
let timer

const element = (name, attributes = {}, ...children) => {
  const node = document.createElement(name)
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value)
  node.append(...children)
  return node
}

const nameOf = (c) => [c.first_name, c.middle_name, c.last_name].filter(Boolean).join(' ')

async function call(path, query) {
  const chosen = new FormData(form)
  const url = `/api/v1/orgs/${encodeURIComponent(chosen.get('org'))}${path}?${query}`
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
      element('pre', {}, JSON.stringify(found, null, 2)),
    )
  } catch (error) {
    contact.replaceChildren(element('p', {}, error.message))
  }
}

async function list() {
  const chosen = new FormData(form)
  const query = new URLSearchParams({ limit: '100' })
  const search = String(chosen.get('search') ?? '').trim()
  if (search) query.set('search', search)
  if (chosen.get('deleted')) query.append('include[]', 'deleted')
  try {
    const { contacts, count: total } = await call('/contacts', query)
    count.textContent = `${total} contacts${total > contacts.length ? `, the first ${contacts.length} shown` : ''}`
    tbody.replaceChildren(
      ...contacts.map((c) => {
        const open = element('button', { type: 'button', class: 'row' }, nameOf(c))
        open.addEventListener('click', () => void showContact(c.id))
        return element(
          'tr',
          {},
          element('td', {}, open),
          element('td', {}, c.employer ?? ''),
          element('td', {}, c.job_title ?? ''),
          element('td', {}, c.deleted_at ? 'deleted' : ''),
        )
      }),
    )
  } catch (error) {
    count.textContent = error.message
    tbody.replaceChildren()
  }
}

form.addEventListener('submit', (event) => event.preventDefault())
form.addEventListener('input', () => {
  clearTimeout(timer)
  timer = setTimeout(() => void list(), 200)
})
void list()
