import { fireEvent, render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import { renderToString } from 'react-dom/server'
import { PageOriginContext, ServerImage, showablePicture, usePageOrigin } from './server-image'

const ORIGIN = 'https://app.cashloan.ph'

test.each([
  ['https://img.other-cdn.com/logo.png', 'https://img.other-cdn.com/logo.png'],
  ['/utilities/demo/logo.svg', '/utilities/demo/logo.svg'],
  [`${ORIGIN}/logo.svg`, `${ORIGIN}/logo.svg`],
  ['  https://a.example.com/x.png ', 'https://a.example.com/x.png'],
  ['//img.example.com/x.png', '//img.example.com/x.png'],
])('a picture from %j may show', (src, shown) => {
  expect(showablePicture(src, { origin: ORIGIN })).toBe(shown)
})

test.each([
  [''],
  [null],
  [42],
  ['javascript:alert(1)'],
  ['http://img.example.com/logo.png'],
  ['https://user:pw@img.example.com/logo.png'],
  ['data:image/png;base64,AAAA'],
  ['data:text/html,<b>x</b>'],
])('a picture from %j may not show', (src) => {
  expect(showablePicture(src, { origin: ORIGIN })).toBe('')
})

test("data: pictures only when the data is the app's own", () => {
  expect(showablePicture('data:image/svg+xml,%3Csvg%3E', { allowData: true, origin: ORIGIN })).toBe(
    'data:image/svg+xml,%3Csvg%3E',
  )
  expect(showablePicture('data:text/html,x', { allowData: true, origin: ORIGIN })).toBe('')
})

test('a picture that fails to load becomes a neutral box with the same class, never a broken image', () => {
  const { container } = render(
    <ServerImage src="https://img.example.com/gone.png" className="logo" alt="Peso Cash" />,
  )
  const img = container.querySelector('img')
  expect(img).not.toBeNull()
  fireEvent.error(img!)
  expect(container.querySelector('img')).toBeNull()
  const box = screen.getByRole('img', { name: 'Peso Cash' })
  expect(box.tagName).toBe('SPAN')
  expect(box).toHaveClass('logo')
})

test('a picture that may not show is a decorative box when it had no text', () => {
  const { container } = render(<ServerImage src="javascript:alert(1)" className="logo" />)
  expect(container.querySelector('img')).toBeNull()
  const box = container.querySelector('[data-server-image="placeholder"]')
  expect(box).toHaveClass('logo')
  expect(box).toHaveAttribute('aria-hidden', 'true')
})

test("a logo asks for a low fetch priority; a picture that is the screen's content keeps the browser's", () => {
  const { container } = render(
    <>
      <ServerImage src="https://img.example.com/logo.png" className="logo" fetchPriority="low" />
      <ServerImage src="https://img.example.com/code.png" className="code" alt="Pay code" />
    </>,
  )
  expect(container.querySelector('img.logo')).toHaveAttribute('fetchpriority', 'low')
  expect(container.querySelector('img.code')).not.toHaveAttribute('fetchpriority')
})

test("rendered on the server, a picture shows as it will at the page's address (PageOriginContext)", () => {
  // The local demo's second-origin picture over http: shown on an http page, not on an https one.
  const picture = 'http://localhost:8443/utilities/demo-pictures/cashloan.svg'
  const at = (origin: string) =>
    renderToString(
      <PageOriginContext.Provider value={origin}>
        <ServerImage src={picture} className="logo" />
      </PageOriginContext.Provider>,
    )
  expect(at('http://127.0.0.1:8443')).toContain(`src="${picture}"`)
  expect(at('https://127.0.0.1:8443')).toContain('data-server-image="placeholder"')
})

test("a screen reads the page's origin: the server's page where it renders, the browser's address otherwise", () => {
  function Origin() {
    return <p>{usePageOrigin()}</p>
  }
  expect(
    renderToString(
      <PageOriginContext.Provider value={ORIGIN}>
        <Origin />
      </PageOriginContext.Provider>,
    ),
  ).toContain(ORIGIN)
  render(<Origin />)
  expect(screen.getByText(window.location.origin)).toBeInTheDocument()
})
