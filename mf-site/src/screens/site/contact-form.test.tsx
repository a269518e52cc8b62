import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createTestProps, setupMswServer } from 'shared/testing'
import { clearToasts } from 'shared/ui'
import { afterEach, expect, test, vi } from 'vitest'
import { mountSite } from '../../testing/mount-site'
import { handlers } from '../../mocks/handlers'

const server = setupMswServer(...handlers)

const INCOMPLETE = 'Please provide complete information!'
const SUCCESS = 'Successful!'
const FILLED = {
  Name: 'Maria Dela Cruz',
  Telephone: '0917 555 0123',
  Email: 'maria@example.ph',
  Remark: 'When is my due date?',
}
type Label = keyof typeof FILLED

afterEach(async () => {
  server.events.removeAllListeners()
  act(() => clearToasts())
  await waitFor(() => {
    expect(screen.queryByText(INCOMPLETE)).not.toBeInTheDocument()
    expect(screen.queryByText(SUCCESS)).not.toBeInTheDocument()
  })
})

async function renderContact() {
  const user = userEvent.setup()
  mountSite(createTestProps({ screen: 'site', hash: 'contact' }))
  // Let the footer's contact call finish so that any later request can only come from the form.
  await screen.findByText('+63 917 555 0100')
  const form = within(screen.getByRole('main'))
  const field = (label: Label) => form.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement
  const submit = () => user.click(form.getByRole('button', { name: 'Submit' }))
  return { user, field, submit }
}

function recordRequests() {
  const requests: string[] = []
  server.events.on('request:start', ({ request }) => void requests.push(`${request.method} ${request.url}`))
  return requests
}

test('has four labelled fields, Remark being a textarea', async () => {
  const { field } = await renderContact()
  expect(screen.getByRole('heading', { level: 1, name: 'Contact us' })).toBeInTheDocument()
  expect(field('Name').tagName).toBe('INPUT')
  expect(field('Telephone')).toHaveAttribute('type', 'tel')
  expect(field('Email')).toHaveAttribute('type', 'email')
  expect(field('Remark').tagName).toBe('TEXTAREA')
})

test.each(Object.keys(FILLED) as Label[])('a missing %s is refused with a toast', async (missing) => {
  const { user, field, submit } = await renderContact()
  const requests = recordRequests()
  for (const label of Object.keys(FILLED) as Label[]) {
    if (label !== missing) await user.type(field(label), FILLED[label])
  }
  await submit()
  expect(await screen.findByText(INCOMPLETE)).toBeInTheDocument()
  expect(screen.queryByText(SUCCESS)).not.toBeInTheDocument()
  // Nothing typed is lost, and the visitor is taken to the empty field.
  for (const label of Object.keys(FILLED) as Label[]) {
    expect(field(label)).toHaveValue(label === missing ? '' : FILLED[label])
  }
  expect(field(missing)).toHaveFocus()
  expect(requests).toEqual([])
})

test('a field of spaces only counts as missing', async () => {
  const { user, field, submit } = await renderContact()
  for (const label of Object.keys(FILLED) as Label[]) {
    await user.type(field(label), label === 'Remark' ? '   ' : FILLED[label])
  }
  await submit()
  expect(await screen.findByText(INCOMPLETE)).toBeInTheDocument()
  expect(field('Remark')).toHaveValue('   ')
})

test('a complete form shows the success toast, clears the fields and sends nothing', async () => {
  const { user, field, submit } = await renderContact()
  const requests = recordRequests()
  const fetchSpy = vi.spyOn(globalThis, 'fetch')
  for (const label of Object.keys(FILLED) as Label[]) await user.type(field(label), FILLED[label])
  await submit()
  expect(await screen.findByText(SUCCESS)).toBeInTheDocument()
  expect(screen.queryByText(INCOMPLETE)).not.toBeInTheDocument()
  for (const label of Object.keys(FILLED) as Label[]) expect(field(label)).toHaveValue('')
  // Give a stray call time to start before concluding there was none.
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(requests).toEqual([])
  expect(fetchSpy).not.toHaveBeenCalled()
  fetchSpy.mockRestore()
})
