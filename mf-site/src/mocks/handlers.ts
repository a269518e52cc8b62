import { http } from 'msw'
import { apiPath, envelope, failure, readForm } from 'shared/mocks'
import { CONTACT_INFO_OVERALL, CONTACT_INFO_PATH } from '../api/contact'

/** Demo data for the site's calls, used by the tests and exported as `mf-site/mocks` for the demo server. */
export const DEMO_CONTACT_INFO = { email: 'support@cashloan-demo.ph', smWa: '+63 917 555 0100' } as const

export const handlers = [
  http.post(apiPath(CONTACT_INFO_PATH), async ({ request }) => {
    const form = await readForm(request)
    if (form.overall !== String(CONTACT_INFO_OVERALL)) return failure('Invalid parameter: overall', '400')
    return envelope(DEMO_CONTACT_INFO)
  }),
]
