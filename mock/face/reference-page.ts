import { ORGS, USERS } from '../../fixtures/identities.ts'
import { escapeHtml, optionsOf, renderPage } from './html.ts'

/**
 * `/`: the API reference, rendered in the browser from `/openapi.json` and `/admin.json` by Scalar
 * (served from the package), with "try it" aimed at this mock. The bundled fixtures' tokens are
 * public; the picker offers them, the admin token never.
 */
export function renderReferencePage(): string {
  const identities = {
    users: USERS.map(({ name, token, org_ids }) => ({ name, token, orgIds: org_ids })),
    orgs: ORGS.map(({ id, name }) => ({ id, name })),
  }
  const users = optionsOf(identities.users.map((u) => [u.token, `${u.name} (${u.token})`]))
  const orgs = optionsOf(identities.orgs.map((o) => [o.id, `${o.name} (${o.id})`]))
  return renderPage({
    title: 'API reference',
    current: 'reference',
    wide: true,
    scripts: ['/__assets/scalar.js', '/__assets/reference.js'],
    main: `<h1 class="face-hidden">API reference</h1>
<form id="picker" class="face-picker" data-identities="${escapeHtml(JSON.stringify(identities))}">
<label>Try it as <select id="token" name="token">${users}</select></label>
<label>in organization <select id="org" name="org">${orgs}</select></label>
<span class="hint">Fixture identities; documents: <a href="/openapi.yaml">openapi.yaml</a>, <a href="/openapi.json">openapi.json</a>, <a href="/admin.yaml">admin.yaml</a>, <a href="/admin.json">admin.json</a></span>
</form>
<div id="reference"><p class="face-loading">Loading the reference…</p></div>`,
  })
}
