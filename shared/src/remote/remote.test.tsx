import { screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { createRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { mountRootParcel, type ParcelConfig } from 'single-spa'
import { afterAll, beforeAll, expect, test, vi, type Mock } from 'vitest'
import type { RemoteProps } from '../contract/contract'
import { CONTRACT_VERSION } from '../contract/contract'
import { createTestProps, DueScreen, renderedDueFrame } from '../testing/testing'
import type { HttpResult } from '../http/http'
import { FIRST_FRAME_ATTR } from './first-frame'
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

/** The landing's form: a controlled phone and captcha, a tap that reads them, and what the screen holds. */
function Landing({ onSend }: { onSend: (fields: string) => void }) {
  const [phone, setPhone] = useState('')
  const [captcha, setCaptcha] = useState('')
  return (
    <form method="dialog">
      <input aria-label="phone" value={phone} onChange={(e) => setPhone(e.target.value)} />
      <input aria-label="captcha" value={captcha} onChange={(e) => setCaptcha(e.target.value)} />
      <button type="button" onClick={() => onSend(`${phone}|${captcha}`)}>
        Send
      </button>
      <output>{`${phone}|${captcha}`}</output>
    </form>
  )
}

/** What a browser does on a key: the field's value changes, then `input` is dispatched. */
function typeInto(field: HTMLInputElement, text: string) {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
  for (const key of text) {
    setValue.call(field, field.value + key)
    field.dispatchEvent(new Event('input', { bubbles: true }))
  }
}

test('in a slot another React root renders (the shell’s), keys and a tap made while the screen hydrates reach it', async () => {
  // The shell: its own React root renders the element the remote mounts into, with the frame moved in.
  const host = document.body.appendChild(document.createElement('div'))
  const shell = createRoot(host)
  const slot = await new Promise<HTMLDivElement>((resolve) =>
    shell.render(<div ref={(element) => void (element && resolve(element))} />),
  )
  const sent = vi.fn()
  slot.innerHTML = renderToString(<Landing onSend={sent} />)
  slot.setAttribute(FIRST_FRAME_ATTR, '')
  const field = (name: string) => slot.querySelector<HTMLInputElement>(`[aria-label=${name}]`)!
  typeInto(field('phone'), '13912345678')

  const app = createRemoteApp(() => <Landing onSend={sent} />)
  const props = { ...createTestProps(), name: 'mf_test', domElement: slot }
  const mounted = app.mount(props)
  // The screen has begun to hydrate, and has not finished: the borrower types on and taps.
  typeInto(field('captcha'), 'AB12')
  screen.getByRole('button', { name: 'Send' }).click()
  await mounted

  await waitFor(() => expect(slot.querySelector('output')).toHaveTextContent('13912345678|AB12'))
  expect(field('captcha')).toHaveValue('AB12')
  expect(sent).toHaveBeenCalledTimes(1)
  expect(sent).toHaveBeenCalledWith('13912345678|AB12')
  await app.unmount(props)
  shell.unmount()
  host.remove()
})

test("a frame rendered with the borrower's data is hydrated with it: no call, no mismatch; a later mount loads", async () => {
  const slot = document.body.appendChild(document.createElement('div'))
  slot.innerHTML = await renderedDueFrame('1.500,00')
  slot.setAttribute(FIRST_FRAME_ATTR, '')
  const answer: HttpResult<unknown> = { success: true, code: '00', message: '', data: '9,00', raw: null }
  const post = vi.fn(() => Promise.resolve(answer)) as unknown as RemoteProps['http']['post'] & Mock
  const http = { get: post, post, upload: post }
  const props = { ...createTestProps(), http, name: 'mf_test', domElement: slot }
  const mismatch = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  const app = createRemoteApp(DueScreen)
  await app.mount(props)
  expect(slot).toHaveTextContent('Due ₱1.500,00')
  expect(slot.querySelector('script')).toBeNull()
  expect(post).not.toHaveBeenCalled()
  expect(mismatch).not.toHaveBeenCalled()
  await app.unmount(props)

  await app.mount(props)
  await waitFor(() => expect(slot).toHaveTextContent('Due ₱9,00'))
  expect(post).toHaveBeenCalledTimes(1)
  await app.unmount(props)
  mismatch.mockRestore()
  slot.remove()
})
