// Dangerous actions (a ball, a source change, a new operator) need the password or a code given
// in the last five minutes. `useReauth().guard(action)` runs the action; when the server asks for
// re-authentication it opens this dialog and runs the action again once it is given.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { isApiFailure } from './api';
import { errorText, fieldErrors } from './error-text';
import { useT } from './i18n';
import { useReauthMutation } from './session-api';
import { Field } from './ui/field';

type Action<R> = () => Promise<R>;
interface Reauth {
  guard<R>(action: Action<R>): Promise<R>;
}

const ReauthContext = createContext<Reauth>({ guard: (a) => a() });
export const useReauth = (): Reauth => useContext(ReauthContext);

export function ReauthProvider({ children }: { children: ReactNode }) {
  const t = useT();
  const [pending, setPending] = useState<{ resolve: (ok: boolean) => void } | null>(null);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [reauth, state] = useReauthMutation();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    // A browser without modal dialogs (or a test's DOM) shows it open in place.
    if (pending && !d.open) {
      if (typeof d.showModal === 'function') d.showModal();
      else d.setAttribute('open', '');
    }
    if (!pending && d.open) {
      if (typeof d.close === 'function') d.close();
      else d.removeAttribute('open');
    }
  }, [pending]);

  const ask = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        setPassword('');
        setCode('');
        setPending({ resolve });
      }),
    [],
  );

  const guard = useCallback(
    async <R,>(action: Action<R>): Promise<R> => {
      try {
        return await action();
      } catch (err) {
        if (!isApiFailure(err) || err.code !== 'ADMIN/REAUTH_REQUIRED') throw err;
        if (!(await ask())) throw err;
        return action();
      }
    },
    [ask],
  );

  const close = (ok: boolean) => {
    pending?.resolve(ok);
    setPending(null);
    state.reset();
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const body = code.trim() ? { code: code.trim() } : { password };
    const r = await reauth(body);
    if (!('error' in r)) close(true);
  };

  const fields = fieldErrors(state.error);
  return (
    <ReauthContext.Provider value={{ guard }}>
      {children}
      <dialog
        ref={dialog}
        className="cs-dialog"
        aria-labelledby="cs-reauth-title"
        onCancel={(e) => {
          e.preventDefault();
          close(false);
        }}
      >
        <form onSubmit={submit}>
          <h2 id="cs-reauth-title">{t('reauth.title')}</h2>
          <p>{t('reauth.why')}</p>
          <Field
            label={t('signin.password')}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Field
            label={t('reauth.orCode')}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
          />
          {state.error && (
            <p className="cs-form-error" role="alert">
              {fields.reauth ?? errorText(state.error, t)}
            </p>
          )}
          <div className="cs-actions">
            <button type="button" className="cs-button" onClick={() => close(false)}>
              {t('common.cancel')}
            </button>
            <button
              type="submit"
              className="cs-button cs-button--primary"
              disabled={state.isLoading || (!password && !code.trim())}
            >
              {t('reauth.confirm')}
            </button>
          </div>
        </form>
      </dialog>
    </ReauthContext.Provider>
  );
}
