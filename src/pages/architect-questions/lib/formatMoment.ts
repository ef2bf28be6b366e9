const FORMAT = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

/** A moment as people read it, e.g. 'Nov 23, 2026, 3:04 PM' (the viewer's time zone); as sent when it is not a date. */
export const formatMoment = (iso: string): string => {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : FORMAT.format(date)
}
