/** The states a quote goes through, as the quote function names them (oldest first in the usual order). */
export const TRACKING_STATES = ['received', 'answered', 'in_workshop', 'repairing', 'ready', 'shipped', 'delivered', 'cancelled'] as const

export type TrackingState = (typeof TRACKING_STATES)[number]
