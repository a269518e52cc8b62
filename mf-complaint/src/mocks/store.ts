import { createCappedStore, MAX_DEMO_VISITORS } from 'shared/mocks'
import { PRODUCT_LOGO, svgDataUrl } from './demo-images'

/*
 * The demo API's in-memory data (DESIGN.md §7): a complaint saved through problem-save shows up in
 * problem-list and problem-detail, for the visitor who saved it alone (`visitorKey`, ADR 0027), until the
 * process ends, the caps below drop it, or `resetStore()` in tests. Every visitor sees the seeded complaints.
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

/** A demo order of the demo product (its logo), with its detail lines as `title: value`, in order. */
function demoOrder(
  { orderNo, ...order }: Omit<DemoOrder, 'productLogo' | 'list'>,
  lines: Record<string, string>,
): DemoOrder {
  const list = Object.entries(lines).map(([title, value]) => ({ title, value }))
  return { orderNo, productLogo: PRODUCT_LOGO, ...order, list }
}

export const DEMO_ORDERS: Record<string, DemoOrder> = {
  [SCENARIOS.orderCollectionAllowed]: demoOrder(
    { orderNo: 'CL20241105086', productName: 'CashLoan', status: 'Repaying', isShow: 1 },
    { 'Loan amount': '₱5.000,00', 'Loan date': '2024-11-05', 'Due date': '2025-02-05' },
  ),
  [SCENARIOS.orderCollectionRefused]: demoOrder(
    { orderNo: 'CL20240912087', productName: 'CashLoan Plus', status: 'Settled', isShow: 0 },
    { 'Loan amount': '₱3.000,00', 'Loan date': '2024-09-12', 'Settled on': '2024-12-10' },
  ),
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
}

export interface StoredImage {
  /** A random name, so that no visitor can guess another's pictures. */
  name: string
  type: string
  bytes: ArrayBuffer
}

/** Complaints a visitor keeps of their own (the oldest goes first): a borrower has a handful. */
export const MAX_COMPLAINTS_PER_VISITOR = 20
/** Ratings a visitor keeps (the oldest goes first, and that complaint asks again). */
export const MAX_RATINGS_PER_VISITOR = 20
/** Uploaded pictures a visitor keeps (the oldest goes first): one complaint's evidence, twice. */
export const MAX_IMAGES_PER_VISITOR = 18
/** Uploaded pictures kept in all (up to 3 MB each), so a long-running demo server stays small. */
export const MAX_STORED_IMAGES = 50

/** The demo's complaints with a result and a pending one, the same for every visitor. */
export const SEEDED_PROBLEMS: readonly StoredProblem[] = [
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
  },
]

const FIRST_PROBLEM_ID = 3001

const problems = createCappedStore<StoredProblem>({
  perKey: MAX_COMPLAINTS_PER_VISITOR,
  keys: MAX_DEMO_VISITORS,
})
const ratings = createCappedStore<{ problemId: string; score: number }>({
  perKey: MAX_RATINGS_PER_VISITOR,
  keys: MAX_DEMO_VISITORS,
})
const images = createCappedStore<StoredImage>({
  perKey: MAX_IMAGES_PER_VISITOR,
  keys: MAX_DEMO_VISITORS,
  total: MAX_STORED_IMAGES,
})
// One sequence for every visitor: an id names one complaint, whoever asks for it.
let nextProblemId = FIRST_PROBLEM_ID

/** Back to the seeded data (tests call it between cases). */
export function resetStore(): void {
  problems.clear()
  ratings.clear()
  images.clear()
  nextProblemId = FIRST_PROBLEM_ID
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

/** The visitor's complaints and the seeded ones, newest first as a borrower expects. */
export function listProblems(visitor: string): readonly StoredProblem[] {
  return [...SEEDED_PROBLEMS, ...problems.list(visitor)].sort((a, b) => b.time - a.time)
}

/** One of the visitor's complaints or a seeded one; another visitor's is not found. */
export function findProblem(visitor: string, problemId: string): StoredProblem | undefined {
  return listProblems(visitor).find((p) => p.problemId === problemId)
}

export function addProblem(
  visitor: string,
  input: { problemType: string; problemSonType: string; content: string; images: string[] },
): StoredProblem {
  const problem: StoredProblem = {
    problemId: String(nextProblemId++),
    time: Math.floor(Date.now() / 1000),
    ...input,
    disposeDetail: '',
    disposeImages: [],
    isNeedScore: 0,
  }
  problems.add(visitor, problem)
  return problem
}

/** Records the visitor's rating; false when the visitor has no such complaint. */
export function rateProblem(visitor: string, problemId: string, score: number): boolean {
  if (!findProblem(visitor, problemId)) return false
  ratings.add(visitor, { problemId, score })
  return true
}

/** Whether the detail should ask this visitor for a rating: each visitor is asked until they rate once. */
export function needsScore(visitor: string, problem: StoredProblem): number {
  const rated = ratings.list(visitor).some((r) => r.problemId === problem.problemId)
  return problem.isNeedScore && !rated ? problem.isNeedScore : 0
}

/** Keeps a visitor's uploaded picture; returns its name under /utilities/demo-images/. */
export function addImage(visitor: string, image: { type: string; bytes: ArrayBuffer }): string {
  const name = crypto.randomUUID()
  images.add(visitor, { name, ...image })
  return name
}

/**
 * A kept picture by its name, whoever asks: an `<img>` sends no session, and the random name is known only to
 * the visitor who uploaded it (and whoever they show it to).
 */
export function findImage(name: string): StoredImage | undefined {
  return images.all().find((image) => image.name === name)
}
