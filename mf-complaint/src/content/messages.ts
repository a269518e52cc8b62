import { UPLOAD_MAX_BYTES } from 'shared/http/limits'

/**
 * Every user-visible string of mf-complaint. Strings the product spec quotes appear exactly as the spec
 * writes them (including its mix of English, Spanish and Indonesian, and the full-width '！').
 */

/** The spec's limits for a complaint. */
export const LIMITS = {
  /** Characters of problem description; input beyond this is ignored. */
  detailMax: 200,
  /** Evidence images, added one at a time. */
  imagesMax: 9,
  /** Stars of the service rating. */
  stars: 5,
  /** The success modal stays this long before going back to the complaint entry. */
  sentModalMs: 1500,
  /** The rating modal opens this long after the detail has loaded. */
  ratingDelayMs: 3000,
} as const

export const MESSAGES = {
  common: {
    loading: 'Loading...',
    retry: 'Try again',
    loadFailed: 'This page could not be loaded.',
    /** A part of the page loaded on demand (order list, image viewer) could not be downloaded. */
    openFailed: 'This could not be opened. Please check your connection and try again.',
    close: 'Close',
    counter: (count: number, max: number) => `${count}/${max}`,
  },
  entry: {
    title: 'Online service',
    myComplaints: 'My complaints',
    orderLabel: 'Your order',
    all: 'All',
    noOrder: 'No order to show.',
    ordersTitle: 'Choose an order',
    noOrders: 'You have no other orders.',
    close: 'Close',
    selectType: 'Select question type',
    noTypes: 'No question types are available right now.',
    selectSonType: 'Select the problem',
    collectionRefused: 'El pedido seleccionado no admite el envío de tipo de colección',
  },
  form: {
    title: 'Online service',
    typeLabel: 'Question type',
    noType: 'Please choose a question type first.',
    chooseType: 'Choose a question type',
    descriptionLabel: 'Problem description',
    descriptionPlaceholder: 'Please describe your problem in detail',
    evidenceLabel: 'Evidence',
    evidenceTip: 'Please attach screenshots of chats, call recordings or SMS messages as evidence.',
    addImage: 'Add image',
    removeImage: (index: number) => `Remove image ${index}`,
    imageAlt: (index: number) => `Evidence image ${index}`,
    notImage: 'Only image files can be uploaded. Please choose a photo or screenshot.',
    preparingImage: 'Preparing the photo...',
    imageTooLarge: `This photo is too large to upload (max ${UPLOAD_MAX_BYTES / (1024 * 1024)} MB).`,
    imageUnreadable: 'This photo could not be opened. Please choose another photo or screenshot.',
    uploadSucceeded: 'Upload succeeded!',
    uploadNoUrl: 'The image could not be uploaded. Please try again.',
    replyNote: 'Our team will reply to you within 3 weekdays.',
    send: 'Send',
    emptyDetail: 'Please fill in your comments and suggestions',
    sent: 'Successfully Sent',
  },
  list: {
    title: 'My complaints',
    problemType: 'Problem Type',
    empty: 'No complaints yet',
    allTab: 'All',
    tab: (index: number) => `Tab ${index}`,
  },
  detail: {
    title: 'Complaint details',
    typeLabel: 'Question type',
    contentLabel: 'Problem description',
    imagesLabel: 'Images',
    processResult: 'Process Result',
    viewImage: (index: number) => `View image ${index}`,
    noProblem: 'No complaint was chosen.',
    backToList: 'My complaints',
    rateTitle: 'Please rate this service',
    star: (n: number) => (n === 1 ? '1 star' : `${n} stars`),
    cancel: 'Cancel',
    send: 'Send',
    pickStars: 'Silakan pilih',
    rated: 'Successful demonstration！',
  },
  service: {
    title: 'Customer service',
    telephone: 'Telephone',
    email: 'E-Mail',
    unavailable: 'Not available',
    /** Beside an address that opens no mail client: the tap copies it. */
    copy: 'Copy',
    copied: 'copy success',
    copyFailed: 'Copying is not possible here. Please write the address down.',
  },
} as const
