import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { expect, test, vi } from 'vitest'
import { NotAvailableScreen, RetryScreen } from './retry-screen'

function renderAt(onRetry: () => void) {
  return render(
    <MemoryRouter initialEntries={['/repay']}>
      <Routes>
        <Route path="/" element={<p>Home page</p>} />
        <Route path="/repay" element={<RetryScreen title="Repayment" onRetry={onRetry} />} />
      </Routes>
    </MemoryRouter>,
  )
}

test('tells the borrower which page failed and retries on request', async () => {
  const onRetry = vi.fn()
  renderAt(onRetry)
  expect(screen.getByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument()
  expect(screen.getByText('Repayment: Please check your connection and try again.')).toBeInTheDocument()
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
  expect(onRetry).toHaveBeenCalledTimes(1)
})

test('offers a way home', async () => {
  const onRetry = vi.fn()
  renderAt(onRetry)
  const home = screen.getByRole('link', { name: 'Go to home page' })
  expect(home).toHaveAttribute('href', '/')
  await userEvent.click(home)
  expect(await screen.findByText('Home page')).toBeInTheDocument()
  expect(onRetry).not.toHaveBeenCalled()
})

test('a page not released yet says so, offers no retry and still a way home', async () => {
  render(
    <MemoryRouter initialEntries={['/repay']}>
      <Routes>
        <Route path="/" element={<p>Home page</p>} />
        <Route path="/repay" element={<NotAvailableScreen title="Repayment" />} />
      </Routes>
    </MemoryRouter>,
  )
  expect(screen.getByRole('heading', { name: 'This page is not available yet' })).toBeInTheDocument()
  expect(
    screen.getByText('Repayment: It has not been released yet. Please check back later.'),
  ).toBeInTheDocument()
  expect(screen.queryByText(/check your connection/)).not.toBeInTheDocument()
  expect(screen.queryByRole('button')).not.toBeInTheDocument()
  await userEvent.click(screen.getByRole('link', { name: 'Go to home page' }))
  expect(await screen.findByText('Home page')).toBeInTheDocument()
})
