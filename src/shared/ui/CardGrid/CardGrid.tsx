import { Fragment, type ReactNode } from 'react'
import { Reveal, type RevealDirection } from '../Reveal'
import styles from './CardGrid.module.scss'

interface CardGridProps<Item> {
  items: readonly Item[]
  itemKey: (item: Item) => string
  renderItem: (item: Item) => ReactNode
  /** Two columns (one below 48rem) or three (one below 60rem). */
  columns: 2 | 3
  /** A list (`ul`) where the cards are items of one kind; a `div` otherwise. */
  list?: boolean
  /** Each card slides in on its own: from below, or from alternate sides. */
  reveal?: 'up' | 'alternate' | 'none'
  /** The page's class, for how its cards look inside the grid. */
  className?: string
}

const directionOf = (reveal: 'up' | 'alternate', index: number): RevealDirection =>
  reveal === 'up' ? 'up' : index % 2 === 0 ? 'right' : 'left'

/** Cards in equal columns, one column on a narrow screen. */
export const CardGrid = <Item,>({
  items,
  itemKey,
  renderItem,
  columns,
  list = false,
  reveal = 'up',
  className,
}: CardGridProps<Item>) => {
  const classes = [styles.grid, columns === 2 ? styles.two : styles.three, className].filter(Boolean).join(' ')
  const cell = (item: Item, index: number) =>
    reveal === 'none' ? renderItem(item) : <Reveal direction={directionOf(reveal, index)}>{renderItem(item)}</Reveal>
  if (list) {
    return (
      <ul className={classes}>
        {items.map((item, index) => (
          <li key={itemKey(item)}>{cell(item, index)}</li>
        ))}
      </ul>
    )
  }
  return (
    <div className={classes}>
      {items.map((item, index) => (
        <Fragment key={itemKey(item)}>{cell(item, index)}</Fragment>
      ))}
    </div>
  )
}

interface CardProps {
  title: ReactNode
  children: ReactNode
  className?: string
}

/** A card with a heading; its last paragraph is muted. */
export const Card = ({ title, children, className }: CardProps) => (
  <article className={[styles.card, className].filter(Boolean).join(' ')}>
    <h3>{title}</h3>
    {children}
  </article>
)
