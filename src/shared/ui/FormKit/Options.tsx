interface OptionsProps {
  /** The first, empty choice ('Select your role', 'All Levels'). */
  placeholder?: string
  items: readonly { value: string; label: string }[]
}

/** The options of a select: an empty first choice if any, then one per item. */
export const Options = ({ placeholder, items }: OptionsProps) => (
  <>
    {placeholder !== undefined && <option value="">{placeholder}</option>}
    {items.map((item) => (
      <option key={item.value} value={item.value}>
        {item.label}
      </option>
    ))}
  </>
)
