import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { apiPath } from 'shared/mocks'
import { setupMswServer } from 'shared/testing'
import { fuzzRemote } from 'shared/testing/fuzz'
import { vi } from 'vitest'
import { CONTACT_INFO_PATH } from '../api/contact-info'
import { PROBLEM_DETAIL_PATH, SAVE_SCORE_PATH } from '../api/problem-detail'
import { PROBLEM_INIT_PATH } from '../api/problem-init'
import { PROBLEM_LIST_PATH } from '../api/problem-list'
import { PROBLEM_SAVE_PATH, UPLOAD_PROBLEM_IMAGE_PATH } from '../api/problem-save'
import { DEMO_IMAGE_PATH, handlers } from '../mocks/handlers'
import { resetStore, SCENARIOS } from '../mocks/store'
import { ComplaintApp } from './complaint-app'
import { MESSAGES } from '../content/messages'

const INIT = apiPath(PROBLEM_INIT_PATH)
const DETAIL = apiPath(PROBLEM_DETAIL_PATH)
const FORM = { problemType: '1', problemSonType: '3', orderNo: 'CL20241105086' }

/** Describes the problem and sends it. */
async function send() {
  const description = await screen.findByRole('textbox', { name: MESSAGES.form.descriptionLabel })
  fireEvent.change(description, { target: { value: 'They call me every hour' } })
  fireEvent.click(screen.getByRole('button', { name: MESSAGES.form.send }))
}

/** Adds a small image (kept as it is, so jsdom needs no decoder). */
async function upload() {
  const input = await screen.findByLabelText(MESSAGES.form.addImage)
  fireEvent.change(input, { target: { files: [new File(['\x89PNG'], 'chat.png', { type: 'image/png' })] } })
}

/** Waits for the rating the page asks for 3 s after load, and rates 3 stars. */
async function rate() {
  await screen.findByText(MESSAGES.detail.processResult)
  await act(() => vi.advanceTimersByTimeAsync(3100))
  const dialog = await screen.findByRole('dialog', { name: MESSAGES.detail.rateTitle })
  fireEvent.click(within(dialog).getByRole('button', { name: MESSAGES.detail.star(3) }))
  fireEvent.click(within(dialog).getByRole('button', { name: MESSAGES.detail.send }))
}

fuzzRemote({
  remote: 'mf_complaint',
  server: setupMswServer(...handlers),
  handlers,
  reset: resetStore,
  render: (props) => void render(<ComplaintApp {...props} />),
  screens: [
    { route: '/complaint', query: { orderId: SCENARIOS.orderCollectionAllowed }, calls: [INIT] },
    { route: '/complainPageNext', query: FORM, calls: [INIT] },
    {
      route: '/complainPageNext',
      name: 'an image',
      query: FORM,
      calls: [apiPath(UPLOAD_PROBLEM_IMAGE_PATH)],
      demoCalls: [INIT],
      act: upload,
    },
    {
      route: '/complainPageNext',
      name: 'sending',
      query: FORM,
      calls: [apiPath(PROBLEM_SAVE_PATH)],
      demoCalls: [INIT],
      act: send,
    },
    { route: '/complaintList', calls: [apiPath(PROBLEM_LIST_PATH)] },
    { route: '/complainDetails', query: { problemId: SCENARIOS.problemWithResult }, calls: [DETAIL] },
    {
      route: '/complainDetails',
      name: 'rating',
      query: { problemId: SCENARIOS.problemWithResult },
      calls: [apiPath(SAVE_SCORE_PATH)],
      demoCalls: [DETAIL],
      act: rate,
      fakeTimers: true,
    },
    { route: '/customerService', calls: [apiPath(CONTACT_INFO_PATH)] },
  ],
  unread: [
    { path: apiPath(`${DEMO_IMAGE_PATH}/:name`), why: 'evidence images: the browser loads them into <img>' },
  ],
})
