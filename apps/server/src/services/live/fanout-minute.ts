// The live fan-out's line a minute (beside the requests' one, plugins/app/access-log.ts): how
// many snapshots went out, to how many sockets at most, and how long they took from the hub's
// publish to the write to their last subscriber — the server's own share of a ball's delivery,
// whatever the network and the clients add to it.

export interface FanoutMinute {
  fanouts: number;
  /** The most subscribers one snapshot went to. */
  sockets: number;
  p50Ms: number;
  slowestMs: number;
}

/** Times kept for the median (fan-outs a minute are a few per game; this bounds a flood). */
const KEPT_TIMES = 10_000;

export function createFanoutMinute() {
  let times: number[] = [];
  let fanouts = 0;
  let sockets = 0;
  let slowest = 0;
  return {
    add(to: number, ms: number): void {
      fanouts += 1;
      if (to > sockets) sockets = to;
      if (ms > slowest) slowest = ms;
      if (times.length < KEPT_TIMES) times.push(ms);
    },
    /** The minute's figures, then starts the next minute; null when nothing went out. */
    take(): FanoutMinute | null {
      if (fanouts === 0) return null;
      times.sort((a, b) => a - b);
      const out = {
        fanouts,
        sockets,
        p50Ms: Math.round(times[Math.floor((times.length - 1) / 2)]! * 10) / 10,
        slowestMs: Math.round(slowest * 10) / 10,
      };
      times = [];
      fanouts = sockets = slowest = 0;
      return out;
    },
  };
}
