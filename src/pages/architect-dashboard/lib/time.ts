const FORMAT = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' })

/** A moment as people read it, e.g. 'Nov 23, 2026, 3:04:05 PM' (the viewer's time zone). */
export const formatMoment = (iso: string): string => FORMAT.format(new Date(iso))
