import clsx from 'clsx'
/** "10€ · IVA incluido" as one clear badge. */
export function PriceBadge({ price, large = false }: { price: string; large?: boolean }) {
  return (
    <p className={clsx('price-badge', large && 'price-badge--large')}>
      <span className="price-badge__amount">{price}</span>
      <span className="visually-hidden">, </span>
      <span className="price-badge__tax">IVA incluido</span>
    </p>
  )
}
