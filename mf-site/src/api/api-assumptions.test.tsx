import { screen, within } from '@testing-library/react'
import { http } from 'msw'
import { apiPath, envelope } from 'shared/mocks'
import { createTestProps, setupMswServer, TEST_SETTINGS } from 'shared/testing'
import { ABSENT, withAbsent } from 'shared/testing/fuzz'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { mountSite } from '../testing/mount-site'
import { handlers } from '../mocks/handlers'
import { CONTACT_INFO_PATH } from './contact'

/*
 * docs/api-assumptions.md, mf-site: each row's default for a field the server leaves out (or sends as null),
 * one test per field, named `missing <call> <field>` as the row writes them (shared/config/api-assumptions.ts
 * checks that every such row has its test).
 */

const server = setupMswServer(...handlers)
beforeEach(() => void vi.spyOn(console, 'warn').mockImplementation(() => undefined))
afterEach(() => vi.restoreAllMocks())

const CONTACTS = { email: 'help@lender.example.ph', smWa: '+63 2 8700 1234' }

/** The site's footer, with the contact call answered with `data`. */
function renderFooter(data: unknown) {
  server.use(http.post(apiPath(CONTACT_INFO_PATH), () => envelope(data)))
  mountSite(createTestProps({ screen: 'site' }))
  return within(screen.getByRole('contentinfo'))
}

test.each(ABSENT)(
  "missing POST /v3/personal-center/contact-kf-info email (%s): the settings' service e-mail",
  async (how) => {
    const footer = renderFooter(withAbsent(CONTACTS, ['email'], how))
    // The server's phone says its answer has come.
    expect(await footer.findByText(CONTACTS.smWa)).toBeInTheDocument()
    expect(footer.getByText(TEST_SETTINGS.serviceEmail)).toBeInTheDocument()
  },
)

test.each(ABSENT)(
  "missing POST /v3/personal-center/contact-kf-info smWa (%s): the settings' service phone",
  async (how) => {
    const footer = renderFooter(withAbsent(CONTACTS, ['smWa'], how))
    expect(await footer.findByText(CONTACTS.email)).toBeInTheDocument()
    expect(footer.getByText(TEST_SETTINGS.servicePhone)).toBeInTheDocument()
  },
)
