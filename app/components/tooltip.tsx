import clsx from 'clsx'
import { cloneElement, useEffect, useId, useRef, useState, type ReactElement } from 'react'

/** Tooltips open after 700 ms of hover (300 ms when another just closed) and sit 4 px from their trigger. */
export const TOOLTIP_DELAY_MS = 700
export const TOOLTIP_SKIP_DELAY_MS = 300
/** The offset lives in app.css (.tooltip__bubble); the browser test measures it. */
export const TOOLTIP_OFFSET_PX = 4

/** When the last tooltip closed: moving on to another within the skip delay opens it at once. */
let lastClosedAt = Number.NEGATIVE_INFINITY

interface TooltipProps {
  content: string
  side?: 'top' | 'left'
  /**
   * Whether the tooltip adds to the control's accessible description. Off when
   * it only repeats the control's name (icon buttons), so nothing is read twice.
   */
  describes?: boolean
  /** One focusable element (a button or a link); it gets aria-describedby. */
  children: ReactElement<{ 'aria-describedby'?: string }>
}

/**
 * A tooltip for icon-only controls: opens on hover after the delay and at once
 * on keyboard focus; Escape, leaving or blurring closes it. Without JavaScript
 * it never shows: the control's accessible name still says what it does.
 */
export function Tooltip({ content, side = 'top', describes = true, children }: TooltipProps) {
  const id = useId()
  const [open, setOpenState] = useState(false)
  const isOpen = useRef(false)
  const timer = useRef<number | undefined>(undefined)

  const setOpen = (value: boolean) => {
    if (isOpen.current && !value) lastClosedAt = performance.now()
    isOpen.current = value
    setOpenState(value)
  }
  const show = (immediately: boolean) => {
    window.clearTimeout(timer.current)
    if (immediately || performance.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS) setOpen(true)
    else timer.current = window.setTimeout(() => setOpen(true), TOOLTIP_DELAY_MS)
  }
  const hide = () => {
    window.clearTimeout(timer.current)
    setOpen(false)
  }

  useEffect(() => {
    if (!open) return
    // What hide() does, without closing over a function that is new on every render.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      window.clearTimeout(timer.current)
      setOpen(false)
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [open])

  useEffect(() => () => window.clearTimeout(timer.current), [])

  return (
    <span
      className="tooltip"
      onPointerEnter={(event) => event.pointerType === 'mouse' && show(false)}
      onPointerLeave={hide}
      onFocus={(event) => event.target.matches(':focus-visible') && show(true)}
      onBlur={hide}
    >
      {describes
        ? cloneElement(children, {
            'aria-describedby': [children.props['aria-describedby'], id].filter(Boolean).join(' '),
          })
        : children}
      <span
        role="tooltip"
        id={id}
        aria-hidden={describes ? undefined : true}
        className={clsx('tooltip__bubble', `tooltip__bubble--${side}`)}
        hidden={!open}
      >
        {content}
      </span>
    </span>
  )
}
