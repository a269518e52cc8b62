import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { apiPath, envelope, failure } from 'shared/mocks'
import { formatDateTime } from 'shared/format'
import { createTestProps, renderWithUi, setupMswServer, TEST_SESSION } from 'shared/testing'
import { MALFORMED_MESSAGE } from 'shared/schema'
import { afterEach, expect, test, vi } from 'vitest'
import { PROBLEM_LIST_PATH } from '../../api/problem-list'
import { MESSAGES } from '../../content/messages'
import { handlers } from '../../mocks/handlers'
import { resetStore } from '../../mocks/store'
import { ComplaintListScreen } from './complaint-list-screen'

const server = setupMswServer(...handlers)
afterEach(() => {
  resetStore()
  vi.restoreAllMocks()
})

const m = MESSAGES.list

function renderList(overrides: Parameters<typeof createTestProps>[0] = {}) {
  const props = createTestProps({ screen: 'complaintList', ...overrides })
  renderWithUi(<ComplaintListScreen {...props} />)
  return props
}

test("shows the server's tabs; each complaint has its time, Problem Type and content", async () => {
  renderList()
  expect(screen.getByRole('status')).toBeInTheDocument()
  const tabs = await screen.findAllByRole('tab')
  expect(tabs.map((tab) => tab.textContent)).toEqual(['All', 'Processing', 'Processed'])
  expect(tabs[0]).toHaveAttribute('aria-selected', 'true')

  const item = screen.getByRole('button', { name: /more than ten calls/ })
  expect(item).toHaveTextContent(formatDateTime(1730793600))
  expect(item).toHaveTextContent(`${m.problemType} Collection complaint`)
  expect(screen.getByRole('button', { name: /shows as unpaid/ })).toHaveTextContent('Repayment problem')
})

test('tapping a complaint opens its detail', async () => {
  const user = userEvent.setup()
  const props = renderList()
  await user.click(await screen.findByRole('button', { name: /more than ten calls/ }))
  expect(props.navigate).toHaveBeenCalledWith('/complainDetails?problemId=2001')
})

test('switching tabs shows that tab’s complaints', async () => {
  const user = userEvent.setup()
  renderList()
  await user.click(await screen.findByRole('tab', { name: 'Processed' }))
  expect(screen.getByRole('tab', { name: 'Processed' })).toHaveAttribute('aria-selected', 'true')
  expect(screen.getByRole('button', { name: /more than ten calls/ })).toBeVisible()
  expect(screen.queryByRole('button', { name: /shows as unpaid/ })).not.toBeInTheDocument()
})

test('the tabs are one tab list over a panel named by the chosen tab; arrows switch tabs', async () => {
  const user = userEvent.setup()
  const props = renderList()
  const tablist = await screen.findByRole('tablist')
  expect(within(tablist).getAllByRole('tab')).toHaveLength(3)
  const all = screen.getByRole('tabpanel', { name: 'All' })
  expect(within(all).getAllByRole('button')).toHaveLength(2)

  await user.click(screen.getByRole('tab', { name: 'Processing' }))
  const processing = screen.getByRole('tabpanel', { name: 'Processing' })
  expect(within(processing).getByRole('button')).toHaveTextContent(/shows as unpaid/)
  expect(screen.queryByRole('button', { name: /more than ten calls/ })).not.toBeInTheDocument()

  await user.keyboard('{ArrowRight}')
  expect(screen.getByRole('tab', { name: 'Processed' })).toHaveFocus()
  expect(screen.getByRole('tab', { name: 'Processed' })).toHaveAttribute('aria-selected', 'true')
  await user.keyboard('{ArrowRight}')
  expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true')
  await user.keyboard('{ArrowLeft}')
  const processed = screen.getByRole('tabpanel', { name: 'Processed' })
  await user.click(within(processed).getByRole('button', { name: /more than ten calls/ }))
  expect(props.navigate).toHaveBeenCalledWith('/complainDetails?problemId=2001')
})

test('an empty list shows the empty state (demo: sessionId "empty")', async () => {
  renderList({ session: { ...TEST_SESSION, session: { ...TEST_SESSION.session, sessionId: 'empty' } } })
  expect(await screen.findByText(m.empty)).toBeInTheDocument()
  expect(screen.queryByRole('button', { name: /calls/ })).not.toBeInTheDocument()
})

test('a tab without a title is named, malformed tabs and items are skipped', async () => {
  server.use(
    http.post(apiPath(PROBLEM_LIST_PATH), () =>
      envelope({
        tabs: [
          { items: [{ id: 9, time: '2024-11-01 10:00', type: 'Other', content: 'Hello' }] },
          { title: 42, items: 'nope' },
          'junk',
        ],
      }),
    ),
  )
  const user = userEvent.setup()
  const props = renderList()
  const tabs = await screen.findAllByRole('tab')
  expect(tabs.map((tab) => tab.textContent)).toEqual(['All', '42'])
  const item = screen.getByRole('button', { name: /Hello/ })
  expect(item).toHaveTextContent('2024-11-01 10:00')
  await user.click(item)
  expect(props.navigate).toHaveBeenCalledWith('/complainDetails?problemId=9')
  await user.click(screen.getByRole('tab', { name: '42' }))
  expect(screen.getByText(m.empty)).toBeVisible()
})

test('a list that is no list at all is an error with Try again, not a crash; a null one is empty', async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  server.use(http.post(apiPath(PROBLEM_LIST_PATH), () => envelope('not a list'), { once: true }))
  renderList()
  const alert = await screen.findByRole('alert')
  expect(alert).toHaveTextContent(MALFORMED_MESSAGE)
  expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('[api] problem-list: unusable'))
  server.use(http.post(apiPath(PROBLEM_LIST_PATH), () => envelope(null), { once: true }))
  await userEvent.setup().click(within(alert).getByRole('button', { name: MESSAGES.common.retry }))
  expect(await screen.findByRole('tab', { name: m.allTab })).toBeInTheDocument()
  expect(screen.getByText(m.empty)).toBeInTheDocument()
})

test('a failed list shows the error with Try again, which calls again', async () => {
  const user = userEvent.setup()
  server.use(http.post(apiPath(PROBLEM_LIST_PATH), () => failure('Service is busy'), { once: true }))
  renderList()
  const alert = await screen.findByRole('alert')
  expect(alert).toHaveTextContent('Service is busy')
  expect(screen.getByRole('heading', { name: m.title })).toBeInTheDocument()
  await user.click(within(alert).getByRole('button', { name: MESSAGES.common.retry }))
  expect(await screen.findByRole('tab', { name: 'All' })).toBeInTheDocument()
})
