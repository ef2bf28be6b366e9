import type { ReactNode } from 'react'
import { ARCHITECTURE_PAGE } from '../model/content'
import styles from './ArchitectureDiagram.module.scss'

/** Width of the drawing; narrow enough that its text stays legible on a 360 px screen. */
const WIDTH = 480
const HEIGHT = 944
/** The column of the pipeline's modules, right of the Overseer Core's control line. */
const COLUMN = { x: 64, width: 400 }
const CENTER = COLUMN.x + COLUMN.width / 2
const CONTROL_X = 28

const Arrow = ({ from, to }: { from: number; to: number }) => (
  <line x1={CENTER} y1={from} x2={CENTER} y2={to - 2} className={styles.flow} markerEnd="url(#architecture-arrow)" />
)

const Box = ({ y, height, children }: { y: number; height: number; children: ReactNode }) => (
  <g>
    <rect x={COLUMN.x} y={y} width={COLUMN.width} height={height} rx={10} className={styles.module} />
    {children}
  </g>
)

const Gate = ({ y, label }: { y: number; label: string }) => (
  <g>
    <line x1={CONTROL_X} y1={y + 20} x2={CENTER - 100} y2={y + 20} className={styles.control} markerEnd="url(#architecture-control-arrow)" />
    <rect x={CENTER - 100} y={y} width={200} height={40} rx={20} className={styles.gate} />
    <text x={CENTER} y={y + 26} textAnchor="middle" className={styles.gateText}>
      {label}
    </text>
  </g>
)

/** One of the two parts of a loop: its name, and under it what it is or does. */
interface LoopPart {
  name: string
  role: string
}

/** A loop module: a dashed container holding two parts that pass work back and forth. */
const Loop = ({ y, title, parts }: { y: number; title: string; parts: [LoopPart, LoopPart] }) => {
  const agentWidth = 174
  const left = COLUMN.x + 14
  const right = COLUMN.x + COLUMN.width - 14 - agentWidth
  return (
    <g>
      <rect x={COLUMN.x} y={y} width={COLUMN.width} height={142} rx={12} className={styles.container} />
      <text x={COLUMN.x + 16} y={y + 27} className={styles.containerTitle}>
        {title}
      </text>
      {parts.map((part, index) => {
        const x = index === 0 ? left : right
        return (
          <g key={part.name}>
            <rect x={x} y={y + 40} width={agentWidth} height={86} rx={8} className={styles.agent} />
            <text x={x + agentWidth / 2} y={y + 77} textAnchor="middle" className={styles.agentName}>
              {part.name}
            </text>
            <text x={x + agentWidth / 2} y={y + 101} textAnchor="middle" className={styles.agentRole}>
              {part.role}
            </text>
          </g>
        )
      })}
      <line x1={left + agentWidth} y1={y + 72} x2={right - 2} y2={y + 72} className={styles.flow} markerEnd="url(#architecture-arrow)" />
      <line x1={right} y1={y + 96} x2={left + agentWidth + 2} y2={y + 96} className={styles.flow} markerEnd="url(#architecture-arrow)" />
    </g>
  )
}

/**
 * The modular architecture as an accessible drawing: named and described for assistive
 * technology, with the same content as a text alternative beside it.
 */
export const ArchitectureDiagram = () => (
  <figure className={styles.figure}>
    <div className={styles.drawing}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby="architecture-diagram-title"
        aria-describedby="architecture-diagram-desc"
        className={styles.svg}
        focusable="false"
      >
        <title id="architecture-diagram-title">Overseer modular architecture diagram</title>
        <desc id="architecture-diagram-desc">
          The Overseer Core orchestrates four modules in order: the Analysis Loop (Clarification agent and Market
          analysis agent), the File Structure Planner, the DevLoop Matrix (a model that writes the code and a sandbox
          that runs its tests) and the Assembly Agent. Approval gates for planning, development and deployment sit between them.
        </desc>
        <defs>
          <marker id="architecture-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M0 0 L10 5 L0 10 z" className={styles.arrowHead} />
          </marker>
          <marker id="architecture-control-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse">
            <path d="M0 0 L10 5 L0 10 z" className={styles.controlHead} />
          </marker>
        </defs>

        <rect x={CENTER - 90} y={8} width={180} height={40} rx={20} className={styles.endpoint} />
        <text x={CENTER} y={34} textAnchor="middle" className={styles.endpointText}>
          Your request
        </text>
        <Arrow from={48} to={76} />

        <rect x={8} y={76} width={WIDTH - 16} height={80} rx={12} className={styles.core} />
        <text x={WIDTH / 2} y={110} textAnchor="middle" className={styles.coreTitle}>
          Overseer Core
        </text>
        <text x={WIDTH / 2} y={138} textAnchor="middle" className={styles.coreText}>
          orchestrates the modules, holds the gates
        </text>

        {/* The Overseer Core's control line down the left, with a branch to every module and gate. */}
        <line x1={CONTROL_X} y1={156} x2={CONTROL_X} y2={848} className={styles.control} />
        {[259, 386, 579, 774].map((y) => (
          <line key={y} x1={CONTROL_X} y1={y} x2={COLUMN.x - 2} y2={y} className={styles.control} markerEnd="url(#architecture-control-arrow)" />
        ))}

        <Arrow from={156} to={188} />
        <Loop
          y={188}
          title="Analysis Loop"
          parts={[
            { name: 'Clarification', role: 'agent' },
            { name: 'Market analysis', role: 'agent' },
          ]}
        />
        <Arrow from={330} to={358} />
        <Box y={358} height={56}>
          <text x={CENTER} y={393} textAnchor="middle" className={styles.moduleText}>
            File Structure Planner
          </text>
        </Box>
        <Arrow from={414} to={440} />
        <Gate y={440} label="Planning gate" />
        <Arrow from={480} to={508} />
        <Loop
          y={508}
          title="DevLoop Matrix"
          parts={[
            { name: 'Model', role: 'writes the code' },
            { name: 'Sandbox', role: 'runs the tests' },
          ]}
        />
        <Arrow from={650} to={678} />
        <Gate y={678} label="Development gate" />
        <Arrow from={718} to={746} />
        <Box y={746} height={56}>
          <text x={CENTER} y={781} textAnchor="middle" className={styles.moduleText}>
            Assembly Agent
          </text>
        </Box>
        <Arrow from={802} to={828} />
        <Gate y={828} label="Deployment gate" />
        <Arrow from={868} to={896} />
        <rect x={CENTER - 100} y={896} width={200} height={40} rx={20} className={styles.endpoint} />
        <text x={CENTER} y={922} textAnchor="middle" className={styles.endpointText}>
          Delivered project
        </text>
      </svg>
    </div>

    <div className={styles.alternative}>
      <figcaption className={styles.caption}>
        How a request moves through the five modules and the three approval gates
      </figcaption>
      <ul className={styles.legend} aria-label="Legend">
        <li>
          <span className={styles.swatch} aria-hidden="true" /> Solid arrow: work passed on
        </li>
        <li>
          <span className={`${styles.swatch} ${styles.swatchControl}`} aria-hidden="true" /> Dashed line: orchestration by the
          Overseer Core
        </li>
        <li>
          <span className={`${styles.swatch} ${styles.swatchGate}`} aria-hidden="true" /> Amber pill: approval gate
        </li>
      </ul>
      <h3 className={styles.altTitle}>Modules</h3>
      <ul className={styles.modules}>
        {ARCHITECTURE_PAGE.diagram.modules.map((module) => (
          <li key={module.name}>
            <strong>{module.name}</strong>: {module.role}
          </li>
        ))}
      </ul>
      <h3 className={styles.altTitle}>Flow</h3>
      <ol className={styles.flows}>
        {ARCHITECTURE_PAGE.diagram.flows.map((flow) => (
          <li key={flow}>{flow}</li>
        ))}
      </ol>
    </div>
  </figure>
)
