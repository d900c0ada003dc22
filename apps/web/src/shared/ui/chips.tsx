import './chips.css';

/** A row of category labels; the active one is marked for assistive tech too. */
export function Chips({
  label,
  items,
  active = 0,
}: {
  label: string;
  items: string[];
  active?: number;
}) {
  return (
    <ul className="kj-chips" aria-label={label}>
      {items.map((item, i) => (
        <li key={item}>
          <span
            className={i === active ? 'kj-chip kj-chip--active' : 'kj-chip'}
            aria-current={i === active ? 'true' : undefined}
          >
            {item}
          </span>
        </li>
      ))}
    </ul>
  );
}
