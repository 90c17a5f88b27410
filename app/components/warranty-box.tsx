import { Icon } from './icon'

interface WarrantyBoxProps {
  title: string
  text: string
}

/** The warranty box of the model and console pages. */
export function WarrantyBox({ title, text }: WarrantyBoxProps) {
  return (
    <aside className="warranty-box" aria-label="Garantía">
      <span className="icon-tile">
        <Icon name="escudo" size={28} />
      </span>
      <div>
        <h2 className="warranty-box__title">{title}</h2>
        <p className="warranty-box__text">{text}</p>
      </div>
    </aside>
  )
}
