import { cloneElement, useId, type ReactElement } from 'react'

import { TOOLTIP_ATTRIBUTE } from '~/enhancements/tooltip'

import { useEnhancement } from './enhancement-scripts'

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
 * A tooltip for icon-only controls: a hidden bubble next to its control. The tooltip module
 * (app/enhancements/tooltip.ts) opens it on hover after the delay and at once on keyboard focus; Escape,
 * leaving or blurring closes it. Without JavaScript it never shows: the control's name says what it does.
 */
export function Tooltip({ content, side = 'top', describes = true, children }: TooltipProps) {
  useEnhancement('tooltip')
  const id = useId()
  return (
    <span className="tooltip" {...{ [TOOLTIP_ATTRIBUTE]: '' }}>
      {describes
        ? cloneElement(children, {
            'aria-describedby': [children.props['aria-describedby'], id].filter(Boolean).join(' '),
          })
        : children}
      <span
        role="tooltip"
        id={id}
        aria-hidden={describes ? undefined : true}
        className={`tooltip__bubble tooltip__bubble--${side}`}
        hidden
      >
        {content}
      </span>
    </span>
  )
}
