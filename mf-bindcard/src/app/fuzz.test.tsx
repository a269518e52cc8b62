import { fireEvent, screen, within } from '@testing-library/react'
import { apiPath } from 'shared/mocks'
import { renderWithUi, setupMswServer } from 'shared/testing'
import { fuzzRemote } from 'shared/testing/fuzz'
import { BIND_CARD_PATH, CARD_CHANGE_PATH, CARD_INIT_PATH } from '../api/paths'
import { handlers } from '../mocks/handlers'
import { resetStore } from '../mocks/store'
import { BindcardApp } from './bindcard-app'

async function pick(field: string, choices: string[]) {
  // Text and label queries: role queries take tenths of a second each on this form, and this runs 100 times.
  fireEvent.click(screen.getByLabelText(field, { selector: 'button' }))
  const dialog = await screen.findByLabelText(field, { selector: '[role=dialog]' })
  for (const choice of choices) fireEvent.click(within(dialog).getByText(choice))
  fireEvent.click(within(dialog).getByText('Confirm'))
}

/** Fills the e-wallet tab the form opens on and taps Next. */
async function bind() {
  fireEvent.change(await screen.findByLabelText('GCash number'), { target: { value: '09171234567' } })
  await pick('City of residence', ['Metro Manila', 'Makati'])
  fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '1990-05-17' } })
  fireEvent.change(screen.getByLabelText('ZIP code'), { target: { value: '1100' } })
  fireEvent.click(screen.getByText('Next'))
}

const INIT = apiPath(CARD_INIT_PATH)

fuzzRemote({
  remote: 'mf_bindcard',
  server: setupMswServer(...handlers),
  handlers,
  reset: resetStore,
  render: (props) => void renderWithUi(<BindcardApp {...props} />),
  screens: [
    { route: '/bindBank', calls: [INIT] },
    { route: '/bindBank', name: 'binding', calls: [apiPath(BIND_CARD_PATH)], demoCalls: [INIT], act: bind },
    {
      route: '/bindBank',
      name: 'changing the card from loan detail',
      query: { source: 'loanDetail', productId: '1', orderId: '86' },
      calls: [apiPath(CARD_CHANGE_PATH)],
      demoCalls: [INIT],
      act: bind,
    },
  ],
})
