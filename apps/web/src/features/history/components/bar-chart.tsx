export interface Bar {
  key: string;
  label: string;
  value: number;
  colour?: string;
}

const ROW = 26;
const LABEL_W = 44;
const VALUE_W = 44;
const WIDTH = 320;

/**
 * Horizontal bars drawn as a few SVG rects: lighter than any chart library and enough for a
 * distribution. The picture is hidden from screen readers, which read the table beside it.
 */
export function BarChart({ title, bars }: { title: string; bars: Bar[] }) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  const total = bars.reduce((sum, b) => sum + b.value, 0);
  const barW = WIDTH - LABEL_W - VALUE_W;
  const height = bars.length * ROW;
  return (
    <figure className="kj-bars">
      <figcaption className="kj-bars__title">{title}</figcaption>
      <svg
        className="kj-bars__svg"
        viewBox={`0 0 ${WIDTH} ${height}`}
        width="100%"
        height={height}
        preserveAspectRatio="xMinYMin meet"
        aria-hidden="true"
        focusable="false"
      >
        {bars.map((b, i) => {
          const y = i * ROW;
          const w = Math.max(2, (b.value / max) * barW);
          return (
            <g key={b.key}>
              <text x={LABEL_W - 8} y={y + ROW / 2} className="kj-bars__label">
                {b.label}
              </text>
              <rect
                x={LABEL_W}
                y={y + 5}
                width={barW}
                height={ROW - 10}
                rx={4}
                className="kj-bars__track"
              />
              <rect
                x={LABEL_W}
                y={y + 5}
                width={w}
                height={ROW - 10}
                rx={4}
                fill={b.colour ?? 'var(--kj-brand-2)'}
              />
              <text x={WIDTH - 4} y={y + ROW / 2} className="kj-bars__value">
                {b.value}
              </text>
            </g>
          );
        })}
      </svg>
      <table className="kj-sr-only">
        <caption>{title}</caption>
        <tbody>
          {bars.map((b) => (
            <tr key={b.key}>
              <th scope="row">{b.label}</th>
              <td>
                {b.value}
                {total > 0 ? ` (${Math.round((b.value / total) * 100)}%)` : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
