import { markReady } from './names'

/** Tooltips open after 700 ms of hover (at once within 300 ms of another closing) and sit 4 px from their trigger. */
export const TOOLTIP_DELAY_MS = 700
export const TOOLTIP_SKIP_DELAY_MS = 300
/** The offset lives in the stylesheet (.tooltip__bubble); the browser test measures it. */
export const TOOLTIP_OFFSET_PX = 4

/** The hook of a tooltip's server HTML (tooltip.tsx): the wrapper of one control and its bubble. */
export const TOOLTIP_ATTRIBUTE = 'data-tooltip'

/**
 * Every tooltip of a page: hover opens it after the delay (the skip delay is shared, so moving from one
 * to the next shows the next at once), keyboard focus opens it at once, and Escape, leaving or blurring
 * closes it (docs/decisions/004). Without JavaScript it never shows: the control's name says what it does.
 */
export function enhanceTooltips(doc: Document, { now = () => performance.now() } = {}): void {
  let lastClosedAt = Number.NEGATIVE_INFINITY
  let open: { bubble: HTMLElement; close: () => void } | null = null

  for (const wrapper of doc.querySelectorAll<HTMLElement>(`[${TOOLTIP_ATTRIBUTE}]`)) {
    const bubble = wrapper.querySelector<HTMLElement>('[role="tooltip"]')
    if (!bubble) continue
    let timer: ReturnType<typeof setTimeout> | undefined
    const setOpen = (value: boolean) => {
      if (!bubble.hidden && !value) lastClosedAt = now()
      bubble.hidden = !value
      if (value) {
        if (open && open.bubble !== bubble) open.close()
        open = { bubble, close: hide }
      } else if (open?.bubble === bubble) open = null
    }
    const show = (immediately: boolean) => {
      clearTimeout(timer)
      if (immediately || now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS) setOpen(true)
      else timer = setTimeout(() => setOpen(true), TOOLTIP_DELAY_MS)
    }
    function hide() {
      clearTimeout(timer)
      setOpen(false)
    }
    wrapper.addEventListener('pointerenter', (event) => {
      if (event.pointerType === 'mouse') show(false)
    })
    wrapper.addEventListener('pointerleave', hide)
    wrapper.addEventListener('focusin', (event) => {
      if (event.target instanceof Element && event.target.matches(':focus-visible')) show(true)
    })
    wrapper.addEventListener('focusout', hide)
  }

  doc.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') open?.close()
  })
}

export function start(doc: Document): void {
  enhanceTooltips(doc)
  markReady(doc, 'tooltip')
}
