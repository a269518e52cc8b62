import { screen } from '@testing-library/react'
import { mountRootParcel, type ParcelConfig } from 'single-spa'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { RemoteProps } from '../contract/contract'
import { CONTRACT_VERSION } from '../contract/contract'
import { createTestProps } from '../testing/testing'
import { createRemoteApp, CRASH_MESSAGE } from './remote'

function Screen({ screen: name, query }: RemoteProps) {
  if (query.crash) throw new Error('boom')
  return <h1>{`${name} ${query.id ?? ''}`}</h1>
}

// single-spa-react resolves mount after React has rendered; wrapping that in act() would wait on itself.
type ActEnv = { IS_REACT_ACT_ENVIRONMENT?: boolean }
beforeAll(() => void ((globalThis as ActEnv).IS_REACT_ACT_ENVIRONMENT = false))
afterAll(() => void ((globalThis as ActEnv).IS_REACT_ACT_ENVIRONMENT = true))

/** Mounts the app as the shell does: a single-spa root parcel in its own element. */
async function mountAsShell(props: RemoteProps) {
  const app = createRemoteApp(Screen)
  const domElement = document.createElement('div')
  document.body.append(domElement)
  const parcel = mountRootParcel(app as unknown as ParcelConfig, { ...props, domElement })
  await parcel.mountPromise
  return { app, parcel, domElement }
}

test('mounts the root with the props, updates it, unmounts it, and carries the contract', async () => {
  const props = createTestProps({ screen: 'complaint', query: { id: '1' } })
  const { app, parcel, domElement } = await mountAsShell(props)
  expect(app.contract).toBe(CONTRACT_VERSION)
  expect(await screen.findByRole('heading', { name: 'complaint 1' })).toBeInTheDocument()
  await parcel.update!({ ...props, query: { id: '2' } })
  expect(await screen.findByRole('heading', { name: 'complaint 2' })).toBeInTheDocument()
  await parcel.unmount()
  expect(screen.queryByRole('heading')).not.toBeInTheDocument()
  domElement.remove()
})

test('a crash inside the remote stays inside it', async () => {
  const { parcel, domElement } = await mountAsShell(createTestProps({ query: { crash: '1' } }))
  expect(await screen.findByRole('alert')).toHaveTextContent(CRASH_MESSAGE)
  await parcel.unmount()
  domElement.remove()
})
