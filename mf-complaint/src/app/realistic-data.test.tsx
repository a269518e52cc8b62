import { fireEvent, screen } from '@testing-library/react'
import { http } from 'msw'
import { apiPath, envelope } from 'shared/mocks'
import { createTestProps, renderWithUi, setupMswServer, unformattedValues } from 'shared/testing'
import { afterEach, expect, test, vi } from 'vitest'
import { PROBLEM_DETAIL_PATH } from '../api/problem-detail'
import { PROBLEM_INIT_PATH } from '../api/problem-init'
import { PROBLEM_LIST_PATH } from '../api/problem-list'
import { handlers } from '../mocks/handlers'
import { resetStore } from '../mocks/store'
import { ComplaintDetailsScreen } from '../screens/complain-details/complaint-details-screen'
import { ComplaintListScreen } from '../screens/complaint-list/complaint-list-screen'
import { ComplaintScreen } from '../screens/complaint/complaint-screen'

/**
 * Answers shaped as a real backend plausibly sends them (docs/api-assumptions.md): amounts as the server
 * writes money, times as unix seconds, milliseconds or ISO date-times, pictures on an image CDN's origin or
 * on none the page may show. Every screen shows them formatted, and no picture as a broken image.
 */
const server = setupMswServer(...handlers)
afterEach(() => {
  resetStore()
  vi.restoreAllMocks()
})

const CDN_LOGO = 'https://img.lender-cdn.example/products/peso-cash.png'

const order = (orderNo: string) => ({
  orderNo,
  productLogo: CDN_LOGO,
  productName: 'Peso Cash',
  status: 'Repaying',
  isShow: 1,
  list: [
    { title: 'Loan amount', value: '5000.00' },
    // Noon local time, so the day is the same in every time zone the test runs in.
    { title: 'Due date', value: String(new Date(2026, 0, 1, 12).getTime() / 1000) },
    { title: 'Term', value: '91 days' },
  ],
})

test('the complaint entry shows realistic amounts, dates and a CDN logo formatted', async () => {
  server.use(
    http.post(apiPath(PROBLEM_INIT_PATH), () =>
      envelope({
        problemType: [{ title: 'Repayment problem', value: 2 }],
        problemSonType: [],
        orderDetail: order('PC-1'),
        orderList: [order('PC-1')],
      }),
    ),
  )
  renderWithUi(<ComplaintScreen {...createTestProps({ screen: 'complaint' })} />)
  expect(await screen.findByText('₱5.000,00')).toBeInTheDocument()
  expect(screen.getByText('2026-01-01')).toBeInTheDocument()
  expect(screen.getByText('91 days')).toBeInTheDocument()
  expect(document.querySelector(`img[src="${CDN_LOGO}"]`)).toHaveClass('complaint-order__logo')
  expect(unformattedValues(document.body)).toEqual([])
})

test('a product logo that fails to load is a grey box of the same size, not a broken image', async () => {
  server.use(
    http.post(apiPath(PROBLEM_INIT_PATH), () =>
      envelope({ problemType: [], problemSonType: [], orderDetail: order('PC-1'), orderList: [] }),
    ),
  )
  renderWithUi(<ComplaintScreen {...createTestProps({ screen: 'complaint' })} />)
  const logo = await screen
    .findByText('Peso Cash')
    .then(() => document.querySelector('.complaint-order__logo')!)
  fireEvent.error(logo)
  const box = document.querySelector('.complaint-order__logo')
  expect(box?.tagName).toBe('SPAN')
  expect(box).toHaveAttribute('data-server-image', 'placeholder')
})

test('complaint times as unix seconds, milliseconds and ISO date-times all show as date and time', async () => {
  const at = new Date(2026, 0, 2, 8, 30, 0)
  const pad = (n: number) => String(n).padStart(2, '0')
  const shown = `2026-01-02 ${pad(at.getHours())}:30:00`
  server.use(
    http.post(apiPath(PROBLEM_LIST_PATH), () =>
      envelope({
        tabs: [
          {
            title: 'All',
            items: [
              { id: 1, time: at.getTime() / 1000, type: 'Repayment problem', content: 'a' },
              { id: 2, time: String(at.getTime()), type: 'Repayment problem', content: 'b' },
              { id: 3, time: '2026-01-02T08:30:00', type: 'Repayment problem', content: 'c' },
              { id: 4, time: '2026-01-02 08:30:00', type: 'Repayment problem', content: 'd' },
            ],
          },
        ],
      }),
    ),
  )
  renderWithUi(<ComplaintListScreen {...createTestProps({ screen: 'complaintList' })} />)
  expect(await screen.findAllByText(shown)).toHaveLength(4)
  expect(unformattedValues(document.body)).toEqual([])
})

test('complaint detail pictures that cannot show are grey boxes; the rest of the detail shows', async () => {
  server.use(
    http.post(apiPath(PROBLEM_DETAIL_PATH), () =>
      envelope({
        type: 'Repayment problem',
        sonType: '',
        problemId: 7,
        content: 'Paid 1530.00 twice',
        images: ['https://img.lender-cdn.example/u/1.jpg', 'http://insecure.example/2.jpg'],
        disposeDetail: 'Refunded on 2026-01-05.',
        disposeImages: [],
        isNeedScore: 0,
      }),
    ),
  )
  renderWithUi(
    <ComplaintDetailsScreen {...createTestProps({ screen: 'complainDetails', query: { problemId: '7' } })} />,
  )
  expect(await screen.findByText('Refunded on 2026-01-05.')).toBeInTheDocument()
  const thumbs = document.querySelectorAll('.complaint-gallery__thumb .complaint-gallery__image')
  expect(thumbs).toHaveLength(2)
  expect(thumbs[0].tagName).toBe('IMG')
  expect(thumbs[1]).toHaveAttribute('data-server-image', 'placeholder')
})
