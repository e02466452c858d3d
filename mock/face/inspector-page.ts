import { ORGS, USERS } from '../../fixtures/identities.ts'
import type { OpenApiDocument } from '../../openapi/document.ts'
import { listOperations } from './document-operations.ts'
import { optionsOf, renderPage } from './html.ts'
import { DATA_BROWSER_ANCHOR } from './face-paths.ts'

const GROUPS = ['tags', 'pets', 'phone_numbers', 'email_addresses', 'locations', 'expertise_tags']

/** A list of the data browser: its count, its table and its pager, which data-browser.js fills. */
const pagedList = (id: string, countId: string, caption: string, headings: string[]): string =>
  `<p id="${countId}" role="status"></p>
<table id="${id}" class="contacts"><caption class="face-hidden">${caption}</caption>
<thead><tr>${headings.map((heading) => `<th scope="col">${heading}</th>`).join('')}</tr></thead>
<tbody></tbody></table>
<nav id="${id}-pages" class="pager" aria-label="Pages of ${id}"><button type="button" data-step="-1">Previous page</button> <span role="status"></span> <button type="button" data-step="1">Next page</button></nav>`

/**
 * `/__inspector`: the page only; its scripts read the recorded requests, the fault rules and the
 * data with the guarded routes, sending the admin token when the mock asks for one.
 */
export function renderInspectorPage(document: OpenApiDocument): string {
  const operationIds = listOperations(document).map((operation) => operation.operationId)
  const tokens = optionsOf(USERS.map((u) => [u.token, `${u.name} (${u.token})`]))
  const orgs = optionsOf(ORGS.map((o) => [o.id, o.name]))
  const groups = GROUPS.map(
    (group) => `<label><input type="checkbox" name="include" value="${group}"> ${group}</label>`,
  ).join(' ')
  return renderPage({
    title: 'Request inspector',
    current: 'inspector',
    scripts: ['/__assets/inspector.js', '/__assets/data-browser.js'],
    main: `<h1>Request inspector</h1>
<form id="admin-token" class="panel" hidden>
<p>This mock needs its admin token to show what it received.</p>
<label>Admin token <input type="password" name="token" autocomplete="off" required></label>
<button type="submit">Use it</button>
</form>
<section aria-labelledby="requests-title">
<h2 id="requests-title">Last 500 API requests <span id="live" class="badge" role="status">connecting</span></h2>
<form id="filters" class="filters">
<label>Status <select name="status">${optionsOf([
      ['', 'any'],
      ['2', '2xx'],
      ['4', '4xx'],
      ['5', '5xx'],
    ])}</select></label>
<label>Operation <select name="operation"><option value="">any</option>${optionsOf(operationIds.map((id) => [id, id]))}</select></label>
<button type="button" id="clear">Clear</button>
</form>
<div class="split">
<table id="requests" class="requests"><caption class="face-hidden">Recorded requests, newest first</caption>
<thead><tr><th scope="col" class="col-time">Time</th><th scope="col" class="col-method">Method</th><th scope="col">Path</th><th scope="col" class="col-operation">Operation</th><th scope="col" class="col-status">Status</th><th scope="col" class="col-ms">ms</th><th scope="col" class="col-verdict">Verdict</th></tr></thead>
<tbody></tbody></table>
<section id="detail" class="detail" aria-live="polite"><p>Choose a request to see it in full.</p></section>
</div>
</section>
<section aria-labelledby="faults-title">
<h2 id="faults-title">Active fault rules</h2>
<div id="faults"><p>Loading…</p></div>
</section>
<section id="${DATA_BROWSER_ANCHOR}" aria-labelledby="data-title">
<h2 id="data-title">Data browser</h2>
<form id="data-form" class="filters">
<label>As <select name="token">${tokens}</select></label>
<label>Organization <select name="org">${orgs}</select></label>
<label>Search <input type="search" name="search" maxlength="200"></label>
<label><input type="checkbox" name="deleted"> deleted too</label>
<fieldset><legend>Include</legend>${groups}</fieldset>
</form>
<h3 id="contacts-title">Contacts</h3>
${pagedList('contacts', 'data-count', 'Contacts', ['Name', 'Employer', 'Job title', 'Deleted'])}
<h3 id="relationships-title">The user's relationships</h3>
${pagedList('relationships', 'relationships-count', 'User relationships', ['Contact', 'Type', 'Anniversary', 'Deleted'])}
<section id="contact" class="detail" aria-live="polite"></section>
</section>`,
  })
}
