import { describe, expect, test } from '@jest/globals'
import { ALICE, ORGS } from '../../fixtures/identities.ts'
import { bannerOf } from './banner.ts'

describe('bannerOf', () => {
  test('When a data file holds many orgs made for tests, then the banner lists eight and counts the rest', () => {
    // Arrange
    const orgs = Array.from({ length: 20 }, (_, i) => ({ id: `org-${String(i)}`, name: 'Sandbox' }))
    const users = orgs.map((org, i) => ({
      ...ALICE,
      id: `user-${String(i)}`,
      token: `st_${String(i)}`,
      org_ids: [org.id],
    }))

    // Act
    const banner = bannerOf(
      'http://127.0.0.1:4010',
      {},
      {
        orgs: [...ORGS, ...orgs],
        users,
        contacts: 0,
        where: 'db.json',
      },
    )

    // Assert
    expect(banner).toContain('… and 14 more organizations (GET /__admin/export)')
    expect(banner).toContain('… and 12 more users (GET /__admin/export)')
    expect(banner).not.toContain('st_8 ')
  })

  test('When it starts, then the banner gives the addresses of the reference, the inspector and the data browser', () => {
    // Act
    const banner = bannerOf(
      'http://127.0.0.1:4010',
      {},
      {
        orgs: [...ORGS],
        users: [{ ...ALICE, org_ids: [...ALICE.org_ids] }],
        contacts: 0,
        where: 'db.json',
      },
    )

    // Assert
    expect(banner).toMatch(/API reference +http:\/\/127\.0\.0\.1:4010\/\n/)
    expect(banner).toMatch(/Request inspector +http:\/\/127\.0\.0\.1:4010\/__inspector\n/)
    expect(banner).toMatch(/Data browser +http:\/\/127\.0\.0\.1:4010\/__inspector#data-browser\n/)
  })
})
