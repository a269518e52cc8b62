import { http, HttpResponse } from 'msw'
import { UPLOAD_MAX_BYTES } from 'shared/http/limits'
import { apiPath, badRequest, envelope, failure, readForm, readFormData, visitorKey } from 'shared/mocks'
import { CONTACT_INFO_OVERALL, CONTACT_INFO_PATH } from '../api/contact-info'
import { PROBLEM_DETAIL_PATH, SAVE_SCORE_PATH } from '../api/problem-detail'
import { PROBLEM_INIT_PATH } from '../api/problem-init'
import { PROBLEM_LIST_PATH } from '../api/problem-list'
import { PROBLEM_SAVE_PATH, UPLOAD_PROBLEM_IMAGE_FIELD, UPLOAD_PROBLEM_IMAGE_PATH } from '../api/problem-save'
import {
  addImage,
  addProblem,
  DEMO_ORDERS,
  DEMO_PROBLEM_SON_TYPES,
  DEMO_PROBLEM_TYPES,
  findImage,
  findOrder,
  findProblem,
  listProblems,
  needsScore,
  rateProblem,
  SCENARIOS,
  sonTypeTitle,
  typeTitle,
  type StoredProblem,
} from './store'

/**
 * The complaint remote's demo API (MSW v2): unit tests, the standalone dev server and `pnpm start` all use
 * these handlers. Scenarios are chosen by the ids in `SCENARIOS` (README.md lists them).
 */

/** The same contacts mf-site's demo answers, so whichever handler the demo server meets first agrees. */
export const DEMO_CONTACT_INFO = { email: 'support@cashloan-demo.ph', smWa: '+63 917 555 0100' } as const

/** Where uploaded evidence is served back from (under the API prefix the demo server answers). */
export const DEMO_IMAGE_PATH = '/demo-images'
const DETAIL_MAX = 200

function listItem(problem: StoredProblem) {
  return {
    id: problem.problemId,
    time: problem.time,
    type: typeTitle(problem.problemType),
    content: problem.content,
  }
}

function hasWord(text: string, word: string): boolean {
  return new RegExp(`\\b${word}\\b`, 'i').test(text)
}

export const handlers = [
  http.post(apiPath(PROBLEM_INIT_PATH), async ({ request }) => {
    const { orderId } = await readForm(request)
    if (orderId === SCENARIOS.orderInitError) return failure('Demo: the order could not be loaded.')
    return envelope({
      problemType: DEMO_PROBLEM_TYPES,
      problemSonType: DEMO_PROBLEM_SON_TYPES,
      orderDetail: findOrder(orderId),
      orderList: Object.values(DEMO_ORDERS),
    })
  }),

  http.post(apiPath(UPLOAD_PROBLEM_IMAGE_PATH), async ({ request }) => {
    const file = (await readFormData(request)).get(UPLOAD_PROBLEM_IMAGE_FIELD)
    // Refusals of what was sent carry their status too: a caller other than the app sees them as refusals.
    if (!file || typeof file === 'string') return badRequest('Please choose an image to upload.')
    if (!file.type.startsWith('image/')) return badRequest('Only images can be uploaded.')
    // The app resizes photos to fit this before sending; an older client or another caller may not.
    if (file.size > UPLOAD_MAX_BYTES) {
      return HttpResponse.json(
        {
          code: '413',
          message: `This photo is too large to upload (max ${UPLOAD_MAX_BYTES / (1024 * 1024)} MB).`,
          data: null,
        },
        { status: 413 },
      )
    }
    const name = addImage(visitorKey(request), { type: file.type, bytes: await file.arrayBuffer() })
    return envelope({ url: `/utilities${DEMO_IMAGE_PATH}/${name}` })
  }),

  http.get(apiPath(`${DEMO_IMAGE_PATH}/:name`), ({ params }) => {
    const image = findImage(String(params.name))
    if (!image) return new HttpResponse(null, { status: 404 })
    return new HttpResponse(image.bytes, {
      headers: {
        'Content-Type': image.type,
        // An uploaded SVG must never run script on the app's origin.
        'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        'X-Content-Type-Options': 'nosniff',
      },
    })
  }),

  http.post(apiPath(PROBLEM_SAVE_PATH), async ({ request }) => {
    const form = await readForm(request)
    const detail = (form.problemDetail ?? '').trim()
    if (!form.problemType) return failure('Please choose a question type.', '400')
    if (detail === '') return failure('Please fill in your comments and suggestions', '400')
    if (Array.from(detail).length > DETAIL_MAX) return failure('The description is too long.', '400')
    if (hasWord(detail, SCENARIOS.saveFailureWord)) {
      return failure('Demo: the complaint could not be saved. Please try again later.')
    }
    addProblem(visitorKey(request), {
      problemType: form.problemType,
      problemSonType: form.problemSonType ?? '',
      content: detail,
      images: (form.problemImage ?? '').split(',').filter(Boolean),
    })
    return envelope(null)
  }),

  http.post(apiPath(PROBLEM_LIST_PATH), ({ request }) => {
    const empty = new URL(request.url).searchParams.get('sessionId') === SCENARIOS.emptyListSessionId
    const problems = empty ? [] : listProblems(visitorKey(request))
    const processed = (p: StoredProblem) => p.disposeDetail !== '' || p.disposeImages.length > 0
    return envelope({
      tabs: [
        { title: 'All', items: problems.map(listItem) },
        { title: 'Processing', items: problems.filter((p) => !processed(p)).map(listItem) },
        { title: 'Processed', items: problems.filter(processed).map(listItem) },
      ],
    })
  }),

  http.post(apiPath(PROBLEM_DETAIL_PATH), async ({ request }) => {
    const { problemId } = await readForm(request)
    const visitor = visitorKey(request)
    const problem = findProblem(visitor, problemId ?? '')
    if (!problem) return failure('This complaint does not exist.', '404')
    return envelope({
      type: typeTitle(problem.problemType),
      sonType: problem.problemSonType ? sonTypeTitle(problem.problemSonType) : '',
      problemId: problem.problemId,
      content: problem.content,
      images: problem.images,
      disposeDetail: problem.disposeDetail,
      disposeImages: problem.disposeImages,
      isNeedScore: needsScore(visitor, problem),
    })
  }),

  http.post(apiPath(SAVE_SCORE_PATH), async ({ request }) => {
    const { score, problemId } = await readForm(request)
    const value = Number(score)
    if (!Number.isInteger(value) || value < 1 || value > 5) return failure('Silakan pilih', '400')
    if (!rateProblem(visitorKey(request), problemId ?? '', value)) {
      return failure('This complaint does not exist.', '404')
    }
    return envelope(null)
  }),

  http.post(apiPath(CONTACT_INFO_PATH), async ({ request }) => {
    const form = await readForm(request)
    if (form.overall !== String(CONTACT_INFO_OVERALL)) return failure('Invalid parameter: overall', '400')
    return envelope(DEMO_CONTACT_INFO)
  }),
]
