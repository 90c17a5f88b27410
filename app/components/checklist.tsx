import { Icon } from './icon'

/** A list of ticked items: a model's repairable faults, what a service includes. */
export function Checklist({ items }: { items: readonly string[] }) {
  return (
    <ul className="list-grid checklist">
      {items.map((item) => (
        <li key={item}>
          <Icon name="check" size={20} className="checklist__icon" />
          {item}
        </li>
      ))}
    </ul>
  )
}
