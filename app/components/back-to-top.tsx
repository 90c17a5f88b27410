import { BACK_TO_TOP } from '~/enhancements/back-to-top'

import { useEnhancement } from './enhancement-scripts'
import { Icon } from './icon'

/**
 * 'Volver arriba': a link to the main content at the foot of every page, which the back-to-top module
 * (app/enhancements/back-to-top.ts) turns into a button floating in a corner once the page is scrolled down.
 */
export function BackToTop() {
  useEnhancement('back-to-top')
  return (
    <a href="#contenido" className="back-to-top" {...{ [BACK_TO_TOP.root]: '' }}>
      <Icon name="arriba" size={20} />
      <span className="back-to-top__text">Volver arriba</span>
    </a>
  )
}
