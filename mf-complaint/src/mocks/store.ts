import { PRODUCT_LOGO, svgDataUrl } from './demo-images'

/*
 * The demo API's in-memory data (DESIGN.md §7): a complaint saved through problem-save shows up in
 * problem-list and problem-detail until the process ends (or `resetStore()` in tests).
 */

/** Demo scenario ids (see README.md). */
export const SCENARIOS = {
  /** Default order: accepts collection complaints (isShow 1). */
  orderCollectionAllowed: '86',
  /** An order that refuses collection complaints (isShow 0). */
  orderCollectionRefused: '87',
  /** problem-init fails with a server error. */
  orderInitError: 'error',
  /** A complaint with a Process Result (text and images) that asks for a rating. */
  problemWithResult: '2001',
  /** A complaint still being processed, no rating asked. */
  problemPending: '2002',
  /** problem-list returns its tabs without items when the session's `sessionId` is this. */
  emptyListSessionId: 'empty',
  /** problem-save answers a server error when the description contains this word. */
  saveFailureWord: 'fail',
} as const

export const DEMO_PROBLEM_TYPES = [
  { title: 'Collection complaint', value: 1 },
  { title: 'Repayment problem', value: 2 },
  { title: 'Loan application', value: 3 },
  { title: 'Account and app', value: 4 },
]

export const DEMO_PROBLEM_SON_TYPES = [
  { title: 'Abusive or threatening language', value: 1 },
  { title: 'Contacting my family or friends', value: 2 },
  { title: 'Too many calls or messages', value: 3 },
  { title: 'Collection before the due date', value: 4 },
]

export interface DemoOrder {
  orderNo: string
  productLogo: string
  productName: string
  status: string
  isShow: number
  list: { title: string; value: string }[]
}

export const DEMO_ORDERS: Record<string, DemoOrder> = {
  [SCENARIOS.orderCollectionAllowed]: {
    orderNo: 'CL20241105086',
    productLogo: PRODUCT_LOGO,
    productName: 'CashLoan',
    status: 'Repaying',
    isShow: 1,
    list: [
      { title: 'Loan amount', value: '₱5.000,00' },
      { title: 'Loan date', value: '2024-11-05' },
      { title: 'Due date', value: '2025-02-05' },
    ],
  },
  [SCENARIOS.orderCollectionRefused]: {
    orderNo: 'CL20240912087',
    productLogo: PRODUCT_LOGO,
    productName: 'CashLoan Plus',
    status: 'Settled',
    isShow: 0,
    list: [
      { title: 'Loan amount', value: '₱3.000,00' },
      { title: 'Loan date', value: '2024-09-12' },
      { title: 'Settled on', value: '2024-12-10' },
    ],
  },
}

export interface StoredProblem {
  problemId: string
  /** Unix seconds. */
  time: number
  problemType: string
  problemSonType: string
  content: string
  images: string[]
  disposeDetail: string
  disposeImages: string[]
  isNeedScore: number
  score: number | null
  /** Demo sessions (sessionId) that rated it: each demo borrower is asked once, independently of others. */
  ratedBy: string[]
}

export interface StoredImage {
  type: string
  bytes: ArrayBuffer
}

interface DemoStore {
  problems: StoredProblem[]
  nextProblemId: number
  images: Map<string, StoredImage>
  nextImage: number
}

/** Uploaded images kept in memory at most (oldest dropped), so a long-running demo server stays small. */
export const MAX_STORED_IMAGES = 50

function seedProblems(): StoredProblem[] {
  return [
    {
      problemId: SCENARIOS.problemWithResult,
      time: 1730793600,
      problemType: '1',
      problemSonType: '3',
      content: 'I receive more than ten calls a day about my loan although the due date has not passed yet.',
      images: [svgDataUrl('Call log', '#5b8ff9'), svgDataUrl('SMS', '#61ddaa')],
      disposeDetail:
        'We are sorry for the trouble. The collection team has been told to contact you only after the due ' +
        'date and at most once a day.',
      disposeImages: [svgDataUrl('Notice', '#f6bd16')],
      isNeedScore: 1,
      score: null,
      ratedBy: [],
    },
    {
      problemId: SCENARIOS.problemPending,
      time: 1731657600,
      problemType: '2',
      problemSonType: '',
      content: 'My repayment was taken from my e-wallet but the order still shows as unpaid.',
      images: [],
      disposeDetail: '',
      disposeImages: [],
      isNeedScore: 0,
      score: null,
      ratedBy: [],
    },
  ]
}

function freshStore(): DemoStore {
  return { problems: seedProblems(), nextProblemId: 3001, images: new Map(), nextImage: 1 }
}

let store = freshStore()

/** Back to the seeded data (tests call it between cases). */
export function resetStore(): void {
  store = freshStore()
}

export function findOrder(orderId: string | undefined): DemoOrder {
  return DEMO_ORDERS[orderId ?? ''] ?? DEMO_ORDERS[SCENARIOS.orderCollectionAllowed]
}

export function typeTitle(value: string): string {
  return DEMO_PROBLEM_TYPES.find((t) => String(t.value) === value)?.title ?? value
}

export function sonTypeTitle(value: string): string {
  return DEMO_PROBLEM_SON_TYPES.find((t) => String(t.value) === value)?.title ?? value
}

export function listProblems(): readonly StoredProblem[] {
  // Newest first, as a borrower expects.
  return [...store.problems].sort((a, b) => b.time - a.time)
}

export function findProblem(problemId: string): StoredProblem | undefined {
  return store.problems.find((p) => p.problemId === problemId)
}

export function addProblem(input: {
  problemType: string
  problemSonType: string
  content: string
  images: string[]
}): StoredProblem {
  const problem: StoredProblem = {
    problemId: String(store.nextProblemId++),
    time: Math.floor(Date.now() / 1000),
    ...input,
    disposeDetail: '',
    disposeImages: [],
    isNeedScore: 0,
    score: null,
    ratedBy: [],
  }
  store.problems.push(problem)
  return problem
}

export function rateProblem(problemId: string, score: number, sessionId = ''): boolean {
  const problem = findProblem(problemId)
  if (!problem) return false
  problem.score = score
  if (!problem.ratedBy.includes(sessionId)) problem.ratedBy.push(sessionId)
  return true
}

/** Whether the detail should ask this session for a rating. */
export function needsScore(problem: StoredProblem, sessionId = ''): number {
  return problem.isNeedScore && !problem.ratedBy.includes(sessionId) ? problem.isNeedScore : 0
}

/** Keeps an uploaded image; returns its name under /utilities/demo-images/. */
export function addImage(image: StoredImage): string {
  const name = String(store.nextImage++)
  store.images.set(name, image)
  while (store.images.size > MAX_STORED_IMAGES) {
    const oldest = store.images.keys().next().value
    if (oldest === undefined) break
    store.images.delete(oldest)
  }
  return name
}

export function findImage(name: string): StoredImage | undefined {
  return store.images.get(name)
}
