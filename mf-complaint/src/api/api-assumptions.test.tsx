import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { apiPath, envelope } from 'shared/mocks'
import { MALFORMED_MESSAGE } from 'shared/schema'
import { createTestProps, renderWithUi, setupMswServer, TEST_SETTINGS } from 'shared/testing'
import { ABSENT, withAbsent } from 'shared/testing/fuzz'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { MESSAGES } from '../content/messages'
import { handlers } from '../mocks/handlers'
import {
  DEMO_ORDERS,
  DEMO_PROBLEM_SON_TYPES,
  DEMO_PROBLEM_TYPES,
  resetStore,
  SCENARIOS,
} from '../mocks/store'
import { ComplaintListScreen } from '../screens/complaint-list/complaint-list-screen'
import { ComplaintScreen } from '../screens/complaint/complaint-screen'
import { CustomerServiceScreen } from '../screens/customer-service/customer-service-screen'
import { CONTACT_INFO_PATH } from './contact-info'
import { getProblemDetail, PROBLEM_DETAIL_PATH } from './problem-detail'
import { PROBLEM_INIT_PATH } from './problem-init'
import { PROBLEM_LIST_PATH } from './problem-list'
import { UPLOAD_PROBLEM_IMAGE_PATH, uploadProblemImage } from './problem-save'

/*
 * docs/api-assumptions.md, mf-complaint: each row's default for a field the server leaves out (or sends as
 * null), one test per field, named `missing <call> <field>` as the row writes them
 * (shared/config/api-assumptions.ts checks that every such row has its test).
 */

const server = setupMswServer(...handlers)
beforeEach(() => void vi.spyOn(console, 'warn').mockImplementation(() => undefined))
afterEach(() => {
  resetStore()
  vi.restoreAllMocks()
})

const answer = (path: string, data: unknown) => server.use(http.post(apiPath(path), () => envelope(data)))

test.each(ABSENT)(
  "missing POST /user-problem/problem-init orderDetail.isShow (%s): type 1 is refused with the spec's message",
  async (how) => {
    const order = DEMO_ORDERS[SCENARIOS.orderCollectionAllowed]
    answer(PROBLEM_INIT_PATH, {
      problemType: DEMO_PROBLEM_TYPES,
      problemSonType: DEMO_PROBLEM_SON_TYPES,
      orderDetail: withAbsent(order, ['isShow'], how),
      orderList: [],
    })
    const user = userEvent.setup()
    const props = createTestProps({
      screen: 'complaint',
      query: { orderId: SCENARIOS.orderCollectionAllowed },
    })
    renderWithUi(<ComplaintScreen {...props} />)
    await user.click(await screen.findByRole('button', { name: 'Collection complaint' }))
    expect(await screen.findByText(MESSAGES.entry.collectionRefused)).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: MESSAGES.entry.selectSonType })).not.toBeInTheDocument()
    expect(props.navigate).not.toHaveBeenCalled()
  },
)

test.each(ABSENT)(
  'missing POST /user-problem/upload-problem-img data.url (%s): the upload counts as failed, with a message',
  async (how) => {
    answer(UPLOAD_PROBLEM_IMAGE_PATH, withAbsent({ url: '/utilities/demo-images/a.png' }, ['url'], how))
    const photo = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' })
    expect(await uploadProblemImage(createTestProps().http, photo)).toEqual({
      ok: false,
      message: MALFORMED_MESSAGE,
      notified: false,
    })
  },
)

const TABS = [
  { title: 'All', items: [{ id: '2001', time: 1730793600, type: 'Repayment problem', content: 'First' }] },
  { title: 'Processing', items: [] },
  { title: 'Processed', items: [] },
]

function renderList() {
  renderWithUi(<ComplaintListScreen {...createTestProps({ screen: 'complaintList' })} />)
}

test.each(ABSENT)(
  "missing POST /user-problem/problem-list tabs[].title (%s): named 'All' (first) or 'Tab n'",
  async (how) => {
    let tabs = withAbsent(TABS, [0, 'title'], how)
    tabs = withAbsent(tabs, [2, 'title'], how)
    answer(PROBLEM_LIST_PATH, { tabs })
    renderList()
    const shown = await screen.findAllByRole('tab')
    expect(shown.map((tab) => tab.textContent)).toEqual([MESSAGES.list.allTab, 'Processing', 'Tab 3'])
  },
)

test.each(ABSENT)(
  'missing POST /user-problem/problem-list tabs[].items[].id (%s): the complaint shows, but cannot be tapped',
  async (how) => {
    answer(PROBLEM_LIST_PATH, { tabs: withAbsent(TABS, [0, 'items', 0, 'id'], how) })
    renderList()
    const panel = await screen.findByRole('tabpanel')
    expect(await within(panel).findByText('First')).toBeInTheDocument()
    expect(within(panel).queryByRole('button')).not.toBeInTheDocument()
  },
)

test.each(ABSENT)('missing POST /user-problem/problem-detail isNeedScore (%s): no rating', async (how) => {
  const detail = { type: 'Repayment problem', problemId: '2001', content: 'First', isNeedScore: 1 }
  answer(PROBLEM_DETAIL_PATH, withAbsent(detail, ['isNeedScore'], how))
  const result = await getProblemDetail(createTestProps().http, '2001')
  expect(result.ok && result.data.needsScore).toBe(false)
})

const CONTACTS = { email: 'help@lender.example.ph', smWa: '+63 2 8700 1234' }

function renderService() {
  renderWithUi(<CustomerServiceScreen {...createTestProps({ screen: 'customerService' })} />)
}

test.each(ABSENT)(
  "missing POST /v3/personal-center/contact-kf-info email (%s): the settings' service e-mail",
  async (how) => {
    answer(CONTACT_INFO_PATH, withAbsent(CONTACTS, ['email'], how))
    renderService()
    expect(await screen.findByText(TEST_SETTINGS.serviceEmail)).toBeInTheDocument()
    // The rest of the answer stands: the server's phone, and no error.
    expect(screen.getByText(CONTACTS.smWa)).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  },
)

test.each(ABSENT)(
  "missing POST /v3/personal-center/contact-kf-info smWa (%s): the settings' service phone",
  async (how) => {
    answer(CONTACT_INFO_PATH, withAbsent(CONTACTS, ['smWa'], how))
    renderService()
    expect(await screen.findByText(TEST_SETTINGS.servicePhone)).toBeInTheDocument()
    expect(screen.getByText(CONTACTS.email)).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  },
)
