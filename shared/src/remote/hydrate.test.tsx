import { waitFor } from '@testing-library/react'
import { act, useLayoutEffect, useState } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { FIRST_FRAME_ATTR } from './first-frame'
import { firstTapsSource } from './first-taps'
import { hydrateFirstFrame } from './hydrate'

/** A screen with a controlled field (at most 11 characters, as the promotion phone), a tick box and a note. */
function Form() {
  const [phone, setPhone] = useState('')
  const [agreed, setAgreed] = useState(true)
  const [note, setNote] = useState('')
  return (
    <form>
      <input aria-label="phone" value={phone} onChange={(e) => setPhone(e.target.value.slice(0, 11))} />
      <input
        aria-label="agree"
        type="checkbox"
        checked={agreed}
        onChange={(e) => setAgreed(e.target.checked)}
      />
      <textarea aria-label="note" value={note} onChange={(e) => setNote(e.target.value)} />
      <output>{`${phone}|${agreed}|${note}`}</output>
    </form>
  )
}

/** The page as the server sends it: the frame painted, no JS yet. */
function paintFrame() {
  const container = document.createElement('div')
  container.innerHTML = renderToString(<Form />)
  document.body.append(container)
  const field = (name: string) => container.querySelector<HTMLInputElement>(`[aria-label=${name}]`)!
  return { container, phone: field('phone'), agree: field('agree'), note: field('note') }
}

/** What a visitor does before the JS arrives: the browser changes the fields, no React listens yet. */
function typeBeforeJs({ phone, agree, note }: ReturnType<typeof paintFrame>) {
  phone.value = '139123456789'
  agree.checked = false
  note.value = 'hello'
}

// A hydration replays the frame's taps in a task of its own (`setTimeout`). One left pending by an earlier
// test (of this file or another of the module graph) would take the next test's captured taps to its own, gone
// frame: it runs first. (A clean-clone run lost a tap so, 2026-11-28.)
beforeEach(async () => {
  vi.useRealTimers()
  await new Promise((resolve) => setTimeout(resolve, 0))
})

afterEach(() => {
  document.body.innerHTML = ''
  vi.restoreAllMocks()
})

test('what the visitor typed into the frame before hydration is kept, through the screen’s own rules', async () => {
  const page = paintFrame()
  typeBeforeJs(page)
  await act(async () => void hydrateFirstFrame(page.container, <Form />))
  expect(page.phone.value).toBe('13912345678') // the screen's 11-character limit applied
  expect(page.agree.checked).toBe(false)
  expect(page.note.value).toBe('hello')
  expect(page.container.querySelector('output')?.textContent).toBe('13912345678|false|hello')
})

test('without that, the screen’s state never learns what was typed (what this guards against)', async () => {
  const page = paintFrame()
  typeBeforeJs(page)
  await act(async () => void hydrateRoot(page.container, <Form />))
  // Whatever the page still shows, the screen would check and send an empty phone.
  expect(page.container.querySelector('output')?.textContent).toBe('|true|')
})

test('untouched fields stay as the screen renders them, and typing after hydration is the screen’s alone', async () => {
  const page = paintFrame()
  const warn = vi.spyOn(console, 'warn')
  await act(async () => void hydrateFirstFrame(page.container, <Form />))
  expect(page.container.querySelector('output')?.textContent).toBe('|true|')
  expect(warn).not.toHaveBeenCalled()
})

test('the host rendering the root again (single-spa-react on an update) keeps the screen and its state', async () => {
  const page = paintFrame()
  typeBeforeJs(page)
  let root!: ReturnType<typeof hydrateFirstFrame>
  await act(async () => void (root = hydrateFirstFrame(page.container, <Form />)))
  const phone = page.phone
  await act(async () => root.render(<Form />))
  expect(page.container.querySelector('[aria-label=phone]')).toBe(phone) // not mounted afresh
  expect(page.container.querySelector('output')?.textContent).toBe('13912345678|false|hello')
  await act(async () => root.unmount())
  expect(page.container.innerHTML).toBe('')
})

test('of a radio group the chosen one is given back; a chosen file is announced again, never written', async () => {
  const picked = vi.fn()
  function Choices() {
    const [kind, setKind] = useState('wallet')
    return (
      <form>
        {['bank', 'wallet'].map((k) => (
          <input
            key={k}
            aria-label={k}
            type="radio"
            name="kind"
            value={k}
            checked={kind === k}
            onChange={() => setKind(k)}
          />
        ))}
        <input aria-label="photo" type="file" onChange={(e) => picked(e.target.value)} />
        <output>{kind}</output>
      </form>
    )
  }
  const container = document.createElement('div')
  container.innerHTML = renderToString(<Choices />)
  document.body.append(container)
  const field = (name: string) => container.querySelector<HTMLInputElement>(`[aria-label=${name}]`)!
  // Before the JS: the visitor picks 'bank' (the browser unticks 'wallet') and chooses a photo.
  field('bank').checked = true
  Object.defineProperty(field('photo'), 'value', { get: () => 'C:\\fakepath\\id.jpg', configurable: true })
  const warn = vi.spyOn(console, 'warn')
  await act(async () => void hydrateFirstFrame(container, <Choices />))
  expect(container.querySelector('output')?.textContent).toBe('bank')
  expect(field('bank').checked).toBe(true)
  expect(field('wallet').checked).toBe(false)
  expect(picked).toHaveBeenCalledTimes(1)
  expect(picked).toHaveBeenCalledWith('C:\\fakepath\\id.jpg')
  expect(warn).not.toHaveBeenCalled()
})

test('a tap on the frame before hydration is replayed once after it, with what was typed before it', async () => {
  const applied = vi.fn()
  function Apply() {
    const [phone, setPhone] = useState('')
    return (
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault()
          applied(phone)
        }}
      >
        <input aria-label="phone" value={phone} onChange={(e) => setPhone(e.target.value)} />
        <button type="submit">Apply</button>
      </form>
    )
  }
  const container = document.createElement('div')
  container.setAttribute(FIRST_FRAME_ATTR, '')
  container.innerHTML = renderToString(<Apply />)
  document.body.append(container)
  new Function('window', 'document', firstTapsSource())(window, document)
  container.querySelector('input')!.value = '13800000011'
  container.querySelector('button')!.click()
  container.removeAttribute(FIRST_FRAME_ATTR)
  expect(applied).not.toHaveBeenCalled()
  await act(async () => void hydrateFirstFrame(container, <Apply />))
  // The replay is a task of its own after the hydration's commit: on a loaded machine, later than 10 ms.
  await waitFor(() => expect(applied).toHaveBeenCalled())
  await act(() => new Promise((resolve) => setTimeout(resolve, 10)))
  expect(applied).toHaveBeenCalledTimes(1)
  expect(applied).toHaveBeenCalledWith('13800000011')
})

test('a tap the screen handles the moment it has hydrated, before its effects have run, reads what was typed', async () => {
  const sent = vi.fn()
  let button: HTMLButtonElement | null = null
  /** The borrower's tap, landing right after the hydrated tree is on the page (a task before its effects). */
  function TapOnCommit() {
    useLayoutEffect(() => queueMicrotask(() => button?.click()), [])
    return null
  }
  function Send() {
    const [phone, setPhone] = useState('')
    return (
      <form method="dialog">
        <input aria-label="phone" value={phone} onChange={(e) => setPhone(e.target.value)} />
        <button type="button" ref={(element) => void (button = element)} onClick={() => sent(phone)}>
          Send
        </button>
        <TapOnCommit />
      </form>
    )
  }
  const container = document.body.appendChild(document.createElement('div'))
  container.innerHTML = renderToString(<Send />)
  container.querySelector('input')!.value = '13800000011'
  const act = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false
  try {
    const root = hydrateFirstFrame(container, <Send />)
    await waitFor(() => expect(sent).toHaveBeenCalledTimes(1))
    expect(sent).toHaveBeenCalledWith('13800000011')
    root.unmount()
  } finally {
    ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = act
  }
})
