import type { ReactNode } from 'react'

/** A plain list of short texts under its own heading (a module's inputs, its outputs). */
export const HeadedList = ({ title, items }: { title: string; items: readonly string[] }) => (
  <div>
    <h3>{title}</h3>
    <ul>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  </div>
)

interface TitledItemsProps {
  items: readonly { title: string; text: string }[]
  /** A numbered list (steps in order), a bulleted one, or plain blocks side by side. */
  as?: 'ul' | 'ol' | 'div'
  className?: string
  /** Wraps each item's heading and paragraph (in a Reveal, say). */
  wrapItem?: (body: ReactNode) => ReactNode
}

/** Items that are a short heading and a paragraph (benefits, the steps of a process, explanations). */
export const TitledItems = ({ items, as: List = 'ul', className, wrapItem = (body) => body }: TitledItemsProps) => {
  const Item = List === 'div' ? 'div' : 'li'
  const body = (item: { title: string; text: string }): ReactNode => (
    <>
      <h3>{item.title}</h3>
      <p>{item.text}</p>
    </>
  )
  return (
    <List className={className}>
      {items.map((item) => (
        <Item key={item.title}>{wrapItem(body(item))}</Item>
      ))}
    </List>
  )
}
