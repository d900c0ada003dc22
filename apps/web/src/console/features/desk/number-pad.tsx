import { ALL_BALLS, colourOf } from '@kaijiang/domain';
import { useT } from '../../shared/i18n';

/** 49 large keys in their colour waves; numbers already out this draw cannot be chosen. */
export function NumberPad({
  drawn,
  selected,
  disabled,
  onPick,
}: {
  drawn: readonly string[];
  selected: string | null;
  disabled: boolean;
  onPick: (n: string) => void;
}) {
  const t = useT();
  return (
    <div className="cs-pad" role="group" aria-label={t('desk.pad')}>
      {ALL_BALLS.map((n) => {
        const out = drawn.includes(n);
        return (
          <button
            key={n}
            type="button"
            className={`cs-pad__key cs-pad__key--${colourOf(n)}`}
            aria-pressed={selected === n}
            disabled={disabled || out}
            aria-label={out ? t('desk.keyOut', { n }) : n}
            onClick={() => onPick(n)}
          >
            {n}
          </button>
        );
      })}
    </div>
  );
}
