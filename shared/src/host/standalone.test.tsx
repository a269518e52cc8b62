import { screen, waitFor } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import type { RemoteProps } from '../contract/contract'
import { FIRST_FRAME_ATTR, firstFrameProps, REMOTE_MOUNTED_MARK } from '../remote/first-frame'
import { FRAME_HASHES_ATTR } from '../remote/frame-hash'
import { matchRoute } from '../routes/route-table'
import { BELOW_FLOOR, ENTRY_STARTED } from './entry-watchdog'
import { DEFAULT_SETTINGS } from './settings'
import { runStandalone } from './standalone'

function Landing({ screen: name }: RemoteProps) {
  return (
    <form>
      <h1>{`Register (${name})`}</h1>
      <input aria-label="Phone" defaultValue="" />
    </form>
  )
}

type ActEnv = { IS_REACT_ACT_ENVIRONMENT?: boolean }
beforeAll(() => void ((globalThis as ActEnv).IS_REACT_ACT_ENVIRONMENT = false))
afterAll(() => void ((globalThis as ActEnv).IS_REACT_ACT_ENVIRONMENT = true))
afterEach(() => {
  document.body.innerHTML = ''
  performance.clearMarks()
  vi.restoreAllMocks()
})

test('the standalone page hydrates the first frame its page carries: what was painted stays and works', async () => {
  const warn = vi.spyOn(console, 'warn')
  const frame = renderToString(<Landing {...firstFrameProps(matchRoute('/promotion')!, DEFAULT_SETTINGS)} />)
  document.body.innerHTML = `<div id="root" ${FIRST_FRAME_ATTR}>${frame}</div>`
  const painted = screen.getByRole('heading', { name: 'Register (promotion)' })
  window.history.replaceState(null, '', '/standalone/promotion?id=7#/registerTemplate')
  runStandalone({ root: Landing, remote: 'mf_promotion' })
  // Hydrated: React owns the element the page painted (a fresh render would have replaced it).
  await waitFor(() => expect(Object.keys(painted).some((key) => key.startsWith('__reactFiber'))).toBe(true))
  expect(screen.getByRole('heading', { name: 'Register (promotion)' })).toBe(painted)
  expect(document.getElementById('root')).not.toHaveAttribute(FIRST_FRAME_ATTR)
  expect(warn).not.toHaveBeenCalled()
  // Taps are handled from here: the load benchmark's interactive time.
  await waitFor(() => expect(performance.getEntriesByName(REMOTE_MOUNTED_MARK)).toHaveLength(1))
})

test('a page without a first frame renders the screen as before', async () => {
  document.body.innerHTML = '<div id="root"></div>'
  window.history.replaceState(null, '', '/standalone/promotion')
  runStandalone({ root: Landing, remote: 'mf_promotion' })
  expect(await screen.findByRole('heading', { name: 'Register (promotion)' })).toBeInTheDocument()
})

test('on a page the watchdog found below the support floor the entry does nothing: its update screen stays', async () => {
  const update = '<main data-entry-watchdog><div role="alert"><h1>Please update the app</h1></div></main>'
  document.body.innerHTML = `<div id="root">${update}</div>`
  const page = window as unknown as Record<string, unknown>
  page[BELOW_FLOOR] = true
  delete page[ENTRY_STARTED]
  try {
    window.history.replaceState(null, '', '/standalone/promotion')
    runStandalone({ root: Landing, remote: 'mf_promotion' })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByRole('heading', { name: 'Register (promotion)' })).toBeNull()
    expect(screen.getByRole('heading', { name: 'Please update the app' })).toBeInTheDocument()
    expect(page[ENTRY_STARTED]).toBeUndefined()
  } finally {
    delete page[BELOW_FLOOR]
  }
})

/** A landing whose hash route chooses the page, as the promotion's does. */
function Pages(props: RemoteProps) {
  return props.hash.startsWith('/downloadTemplate') ? <h1>Download</h1> : <Landing {...props} />
}

test('a frame the page carries for other hash routes is not hydrated: the screen renders afresh, no mismatch', async () => {
  const warn = vi.spyOn(console, 'warn')
  const error = vi.spyOn(console, 'error')
  const frame = renderToString(<Pages {...firstFrameProps(matchRoute('/promotion')!, DEFAULT_SETTINGS)} />)
  const hashes = JSON.stringify(['', '/registerTemplate']).replace(/"/g, '&quot;')
  document.body.innerHTML = `<div id="root" ${FIRST_FRAME_ATTR} ${FRAME_HASHES_ATTR}="${hashes}">${frame}</div>`
  window.history.replaceState(null, '', '/standalone/promotion?id=7#/downloadTemplate?id=7')
  runStandalone({ root: Pages, remote: 'mf_promotion' })
  expect(await screen.findByRole('heading', { name: 'Download' })).toBeInTheDocument()
  expect(screen.queryByRole('heading', { name: 'Register (promotion)' })).not.toBeInTheDocument()
  // Its root is no frame any more: a later hash change does not hide it.
  expect(document.getElementById('root')).not.toHaveAttribute(FIRST_FRAME_ATTR)
  expect(document.getElementById('root')).not.toHaveAttribute(FRAME_HASHES_ATTR)
  expect(warn).not.toHaveBeenCalled()
  expect(error).not.toHaveBeenCalled()
})

test('a frame declared for the address’s hash route is hydrated', async () => {
  const warn = vi.spyOn(console, 'warn')
  const frame = renderToString(<Pages {...firstFrameProps(matchRoute('/promotion')!, DEFAULT_SETTINGS)} />)
  const hashes = JSON.stringify(['', '/registerTemplate']).replace(/"/g, '&quot;')
  document.body.innerHTML = `<div id="root" ${FIRST_FRAME_ATTR} ${FRAME_HASHES_ATTR}="${hashes}">${frame}</div>`
  const painted = screen.getByRole('heading', { name: 'Register (promotion)' })
  window.history.replaceState(null, '', '/standalone/promotion#/registerTemplate?id=7')
  runStandalone({ root: Pages, remote: 'mf_promotion' })
  await waitFor(() => expect(Object.keys(painted).some((key) => key.startsWith('__reactFiber'))).toBe(true))
  expect(document.getElementById('root')).not.toHaveAttribute(FRAME_HASHES_ATTR)
  expect(warn).not.toHaveBeenCalled()
})
