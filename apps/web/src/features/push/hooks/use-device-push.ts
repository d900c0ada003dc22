import { useCallback, useEffect, useState } from 'react';
import type { CallError } from '@/shared/api/base-query';
import { useLocale, useMessages } from '@/shared/i18n';
import { useAppDispatch } from '@/shared/store/hooks';
import { pushApi } from '../api/push-api';
import {
  currentSubscription,
  devicePushAbility,
  subscribeDevice,
  subscriptionKeys,
} from '../model/device-push';
import { pushWords } from '../model/words';

export type PushPhase = 'checking' | 'unsupported' | 'install' | 'blocked' | 'ready';

export interface DevicePush {
  phase: PushPhase;
  /** The games this device is told about, as the server has them. */
  games: number[];
  saving: boolean;
  /** What stands in the way, in the visitor's words: no push here, blocked, a failed save. */
  problem: string | null;
  /** Follows exactly these games from now on; resolves true when saved. */
  follow(games: number[]): Promise<boolean>;
}

const blocked = () => typeof Notification !== 'undefined' && Notification.permission === 'denied';

/**
 * What this device follows: asked of the server by its subscription's endpoint (the browser may
 * have dropped the subscription, and the server forgets one its push service says is gone).
 */
export function useDevicePush(): DevicePush {
  const dispatch = useAppDispatch();
  const locale = useLocale();
  const w = useMessages(pushWords);
  const failedText = w.failed;
  const [phase, setPhase] = useState<PushPhase>('checking');
  const [games, setGames] = useState<number[]>([]);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void (async () => {
      const ability = devicePushAbility();
      let next: PushPhase = ability === 'ok' ? (blocked() ? 'blocked' : 'ready') : ability;
      let followed: number[] = [];
      if (next === 'ready') {
        try {
          const sub = await currentSubscription();
          if (sub) {
            followed = (await dispatch(pushApi.endpoints.pushGames.initiate(sub.endpoint)).unwrap())
              .games;
          }
        } catch {
          // Without the worker or the server now, the device follows nothing we know of yet.
          next = 'ready';
        }
      }
      if (!live) return;
      setGames(followed);
      setPhase(next);
    })();
    return () => {
      live = false;
    };
  }, [dispatch]);

  const follow = useCallback(
    async (wanted: number[]) => {
      // Shown as asked at once (a ticked box stays ticked), put back if it cannot be saved.
      const before = games;
      setGames(wanted);
      setSaving(true);
      setError(null);
      let saved = false;
      try {
        let sub = await currentSubscription();
        if (!sub && wanted.length > 0) {
          const { publicKey } = await dispatch(pushApi.endpoints.pushKey.initiate()).unwrap();
          sub = await subscribeDevice(publicKey);
          if (!sub) {
            setPhase(blocked() ? 'blocked' : 'ready');
            return false;
          }
        }
        if (!sub) {
          saved = true;
          return true;
        }
        const kept = await dispatch(
          pushApi.endpoints.savePushSubscription.initiate({
            endpoint: sub.endpoint,
            keys: subscriptionKeys(sub),
            games: wanted,
            lang: locale,
          }),
        ).unwrap();
        // Following nothing: the browser forgets the subscription too.
        if (kept.games.length === 0) await sub.unsubscribe().catch(() => false);
        setGames(kept.games);
        saved = true;
        return true;
      } catch (err) {
        // The server's refusals come in the visitor's words; the browser's own errors do not.
        const call = err !== null && typeof err === 'object' && 'kind' in err;
        setError((call && (err as CallError).message) || failedText);
        return false;
      } finally {
        if (!saved) setGames(before);
        setSaving(false);
      }
    },
    [dispatch, locale, failedText, games],
  );

  const problem =
    phase === 'unsupported'
      ? w.unsupported
      : phase === 'install'
        ? w.install
        : phase === 'blocked'
          ? w.blocked
          : error;
  return { phase, games, saving, problem, follow };
}
