import { Icon } from './icon'

/** The warranty box of the model and console pages: the claim as its title, and what it covers. */
export function WarrantyBox({ title, text }: { title: string; text: string }) {
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
