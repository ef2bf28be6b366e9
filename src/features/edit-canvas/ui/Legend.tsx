import { useAppDispatch, useAppSelector } from '@/shared/lib/store'
import { LAYER_IDS, LAYERS, layerToggled, selectCanvas, type LayerId } from '@/entities/canvas'
import { DASHES } from './LayerEdge'
import styles from './CanvasEditor.module.scss'

const Swatch = ({ layer }: { layer: LayerId }) => {
  const { color, lineStyle } = LAYERS[layer]
  return (
    <svg className={styles.swatch} width="36" height="12" viewBox="0 0 36 12" aria-hidden="true" focusable="false">
      {lineStyle === 'double' ? (
        <>
          <line x1="2" y1="6" x2="34" y2="6" stroke={color} strokeWidth="6" />
          <line x1="2" y1="6" x2="34" y2="6" stroke="#fff" strokeWidth="2" />
        </>
      ) : (
        <line x1="2" y1="6" x2="34" y2="6" stroke={color} strokeWidth="2.5" strokeDasharray={DASHES[lineStyle]?.join(' ')} strokeLinecap={lineStyle === 'dotted' ? 'round' : undefined} />
      )}
    </svg>
  )
}

const selectHiddenLayers = (state: RootState) => selectCanvas(state).hiddenLayers

/** The five layers with their colour and line style; each button shows or hides its layer's connections. */
export const Legend = () => {
  const dispatch = useAppDispatch()
  const hidden = useAppSelector(selectHiddenLayers)
  return (
    <section className={styles.legend} aria-labelledby="canvas-legend-title">
      <h3 id="canvas-legend-title" className={styles.sideTitle}>
        Layers
      </h3>
      <p className={styles.hint}>Pressed layers are shown.</p>
      <ul className={styles.legendList}>
        {LAYER_IDS.map((layer) => (
          <li key={layer}>
            <button type="button" className={styles.layerToggle} aria-pressed={!hidden.includes(layer)} onClick={() => dispatch(layerToggled(layer))}>
              <Swatch layer={layer} />
              <span>{LAYERS[layer].name}</span>
            </button>
            <span className={styles.lineStyle}>{LAYERS[layer].lineStyle}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}
