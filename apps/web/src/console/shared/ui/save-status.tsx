import { errorText } from '../error-text';
import { useT } from '../i18n';

interface Props {
  /** The save (or delete) is under way. */
  saving?: boolean;
  /** The last save went through. */
  saved?: boolean;
  /** A failed call (shown in the console's words), or a problem the form found itself. */
  error?: unknown;
  problem?: string;
}

/**
 * Where a console form says how its save went: the error (an alert, read out at once), 保存中
 * while the call runs, then 已保存 (a polite status). One place for what every form repeated.
 */
export function SaveStatus({ saving, saved, error, problem }: Props) {
  const t = useT();
  if (problem || error)
    return (
      <p className="cs-form-error" role="alert">
        {problem || errorText(error, t)}
      </p>
    );
  if (saving)
    return (
      <p className="cs-muted" role="status">
        {t('common.saving')}
      </p>
    );
  if (saved)
    return (
      <p className="cs-ok" role="status">
        {t('site.saved')}
      </p>
    );
  return null;
}
