import { formatMoment } from '../lib/formatMoment'

export const When = ({ iso }: { iso: string }) => <time dateTime={iso}>{formatMoment(iso)}</time>
