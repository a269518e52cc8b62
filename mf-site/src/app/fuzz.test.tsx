import { render } from '@testing-library/react'
import { apiPath } from 'shared/mocks'
import { setupMswServer } from 'shared/testing'
import { fuzzRemote } from 'shared/testing/fuzz'
import { CONTACT_INFO_PATH } from '../api/contact'
import { handlers } from '../mocks/handlers'
import { SiteApp } from './site-app'

fuzzRemote({
  remote: 'mf_site',
  server: setupMswServer(...handlers),
  handlers,
  render: (props) => void render(<SiteApp {...props} />),
  screens: [
    { route: '/', calls: [apiPath(CONTACT_INFO_PATH)] },
    { route: '/aboutUs', calls: [] },
    { route: '/privacyPolicy', calls: [] },
    { route: '/loanAgreement', calls: [] },
  ],
})
