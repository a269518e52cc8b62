import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { expect, test } from 'vitest'
import { NotFoundScreen } from './not-found-screen'

test('says the page does not exist and links home', async () => {
  render(
    <MemoryRouter initialEntries={['/no/such/page']}>
      <Routes>
        <Route path="/" element={<p>Home page</p>} />
        <Route path="*" element={<NotFoundScreen />} />
      </Routes>
    </MemoryRouter>,
  )
  expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
  const home = screen.getByRole('link', { name: 'Go to home page' })
  expect(home).toHaveAttribute('href', '/')
  await userEvent.click(home)
  expect(await screen.findByText('Home page')).toBeInTheDocument()
  expect(screen.queryByRole('heading', { name: 'Page not found' })).not.toBeInTheDocument()
})
