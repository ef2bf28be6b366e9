import type { CanvasNodeKind } from '@/entities/canvas'

/** One line drawing per node and container type (24x24, stroked in the current colour). */
const ICONS: Record<CanvasNodeKind, string> = {
  // An eye: the Overseer watches the pipeline.
  overseer: 'M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12z M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z',
  // Code brackets.
  devgpt: 'M8 6l-6 6 6 6 M16 6l6 6-6 6 M14 4l-4 16',
  // A shield with a tick.
  qagpt: 'M12 2l8 4v6c0 5-3.5 8.5-8 10-4.5-1.5-8-5-8-10V6z M8 12l3 3 5-6',
  // A rising trend.
  marketgpt: 'M3 17l6-6 4 4 8-8 M15 7h6v6 M3 21h18',
  // A question in a circle.
  prober: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20z M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .9-1 1.7v.5 M12 17h.01',
  // A tree of files.
  structuring: 'M4 3h6v5H4z M14 10h6v5h-6z M14 18h6v4h-6z M7 8v12h7 M7 12h7',
  // An open box.
  sandbox: 'M12 2l9 5v10l-9 5-9-5V7z M3 7l9 5 9-5 M12 12v10',
  // Stacked containers on a hull.
  docker: 'M2 12h20c0 5-4.5 8-10 8S2 17 2 12z M5 8h4v4H5z M9 8h4v4H9z M13 8h4v4h-4z M9 4h4v4H9z',
  // Scissors.
  fragmenter: 'M6 3a3 3 0 1 0 0 6 3 3 0 0 0 0-6z M6 15a3 3 0 1 0 0 6 3 3 0 0 0 0-6z M8.6 7.6L20 18 M8.6 16.4L20 6',
  // A bug.
  debugger: 'M8 10a4 4 0 0 1 8 0v5a4 4 0 0 1-8 0z M4 11h4 M16 11h4 M4 16h4 M16 16h4 M9 6L7 3 M15 6l2-3 M12 10v9',
  // A memory chip.
  memory: 'M7 7h10v10H7z M10 10h4v4h-4z M9 2v5 M15 2v5 M9 17v5 M15 17v5 M2 9h5 M2 15h5 M17 9h5 M17 15h5',
  // A database.
  vectorstore: 'M4 6c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3z M4 6v12c0 1.7 3.6 3 8 3s8-1.3 8-3V6 M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3',
  // A screen playing.
  preview: 'M3 4h18v12H3z M8 20h8 M12 16v4 M10 7.5l4.5 2.5-4.5 2.5z',
  // A loop arrow.
  analysisloop: 'M20 12a8 8 0 1 1-2.3-5.7 M20 3v5h-5',
  // A matrix.
  devloop: 'M3 3h18v18H3z M3 9h18 M3 15h18 M9 3v18 M15 3v18',
  // Stages in a row.
  pipeline: 'M1 9h5v6H1z M9.5 9h5v6h-5z M18 9h5v6h-5z M6 12h3.5 M14.5 12H18',
}

interface NodeIconProps {
  kind: CanvasNodeKind
  className?: string
  size?: number
}

/** Decorative: the label next to it names the type. */
export const NodeIcon = ({ kind, className, size = 20 }: NodeIconProps) => (
  <svg
    className={className}
    width={size}
    height={size}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={1.8}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
    data-icon={kind}
  >
    <path d={ICONS[kind]} />
  </svg>
)
