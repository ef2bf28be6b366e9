/** A description list of short facts, each term and its description in a group of their own. */
export const TermList = ({ items, className }: { items: readonly { term: string; text: string }[]; className?: string }) => (
  <dl className={className}>
    {items.map((item) => (
      <div key={item.term}>
        <dt>{item.term}</dt>
        <dd>{item.text}</dd>
      </div>
    ))}
  </dl>
)
