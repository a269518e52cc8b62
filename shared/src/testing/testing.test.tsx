import { act, screen } from '@testing-library/react'
import { MultiImageViewer } from 'antd-mobile/es/components/image-viewer/image-viewer'
import { http } from 'msw'
import { useEffect, useState } from 'react'
import { expect, test, vi } from 'vitest'
import type { RemoteProps } from '../contract/contract'
import { apiPath, envelope } from '../mocks/mocks'
import {
  createTestProps,
  expectDeclaredFirstCalls,
  renderWithUi,
  setupFileClock,
  setupMswServer,
  tapViewerImage,
  testDeclaredFirstCalls,
} from './testing'

const DETAIL_PATH = '/toy/detail'
const server = setupMswServer(
  http.post(apiPath(DETAIL_PATH), async ({ request }) => {
    const body = new URLSearchParams(await request.text())
    return envelope({ title: `Order ${body.get('orderId')}` })
  }),
)
const setupUser = setupFileClock()

/** A screen that asks for its order's detail as it mounts and shows the title it gets. */
function ToyRemote({ http: helper, query }: RemoteProps) {
  const [title, setTitle] = useState('')
  useEffect(() => {
    void helper
      .post<{ title: string }>(DETAIL_PATH, { orderId: query.orderId?.trim() })
      .then((result) => setTitle(result.data?.title ?? 'failed'))
  }, [helper, query.orderId])
  return <h1>{title}</h1>
}

testDeclaredFirstCalls({
  server,
  declared: {
    '/loanDetails': [{ method: 'POST', path: DETAIL_PATH, body: { orderId: { query: 'orderId' } } }],
  },
  pages: {
    '/loanDetails': {
      query: { orderId: '7' },
      shows: () => screen.findByRole('heading', { name: 'Order 7' }),
    },
  },
  render: (props) => void renderWithUi(<ToyRemote {...props} />),
  variants: [
    {
      title: '%s with another parameter in the link: still exactly the declared call',
      query: (query) => ({ ...query, utm_source: 'ad' }),
    },
  ],
})

const heard: string[] = []
const requestDetail = () => createTestProps().http.post(DETAIL_PATH, { orderId: '7' })

test('a listener a test adds to count requests is gone once the test is over (1 of 2)', async () => {
  server.events.on('request:start', ({ request }) => void heard.push(request.url))
  await requestDetail()
  expect(heard).toHaveLength(1)
})

test('a listener a test adds to count requests is gone once the test is over (2 of 2)', async () => {
  await requestDetail()
  expect(heard).toHaveLength(1)
})

test("the file's clock runs with real time, and the test can drive it past a long delay", async () => {
  const soon = vi.fn()
  const late = vi.fn()
  setTimeout(soon, 5)
  setTimeout(late, 60_000)
  await vi.waitFor(() => expect(soon).toHaveBeenCalled())
  expect(late).not.toHaveBeenCalled()
  act(() => void vi.advanceTimersByTime(60_000))
  expect(late).toHaveBeenCalled()
})

test("the clock's user taps without waiting on the fake timers", async () => {
  const tapped = vi.fn()
  renderWithUi(
    <button type="button" onClick={tapped}>
      Tap
    </button>,
  )
  await setupUser().click(screen.getByRole('button', { name: 'Tap' }))
  expect(tapped).toHaveBeenCalledTimes(1)
})

test("a tap on the viewer's picture closes antd-mobile's image viewer", async () => {
  const onClose = vi.fn()
  renderWithUi(<MultiImageViewer images={['/a.png', '/b.png']} visible onClose={onClose} />)
  await tapViewerImage(0)
  await vi.waitFor(() => expect(onClose).toHaveBeenCalledTimes(1))
})

test('a screen whose first call drifts from its declaration fails the check', async () => {
  const check = expectDeclaredFirstCalls({
    server,
    route: '/loanDetails',
    screen: 'loanDetails',
    query: { orderId: '7' },
    // The page sends another order's call than the one the screen makes.
    declared: [{ method: 'POST', path: DETAIL_PATH, body: { orderId: '8' } }],
    render: (props) => void renderWithUi(<ToyRemote {...props} />),
    shows: () => screen.findByRole('heading', { name: 'Order 7' }),
  })
  await expect(check).rejects.toThrow()
})
