// A child process of a bench (this same file forked with `--role <role>`), spoken to by request
// and reply over IPC. Shared by `bench live` and `bench chat`.
import { fork, type ChildProcess } from 'node:child_process';

export type Reply = Record<string, unknown> & { seq: number };

export class Peer {
  readonly child: ChildProcess;
  #seq = 0;
  #waiting = new Map<number, (m: Reply) => void>();

  constructor(script: string, role: string, execArgv?: string[]) {
    this.child = fork(script, ['--role', role], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      ...(execArgv && { execArgv }),
    });
    this.child.on('message', (m: Reply) => this.#waiting.get(m.seq)?.(m));
  }

  request<T>(message: Record<string, unknown>): Promise<T & Reply> {
    const seq = ++this.#seq;
    return new Promise((resolve, reject) => {
      const onExit = () => reject(new Error(`bench child exited during ${String(message.type)}`));
      this.child.once('exit', onExit);
      this.#waiting.set(seq, (m) => {
        this.#waiting.delete(seq);
        this.child.off('exit', onExit);
        resolve(m as T & Reply);
      });
      this.child.send({ ...message, seq });
    });
  }

  kill(): void {
    if (this.child.exitCode === null) this.child.kill();
  }
}

/** The value at percentile `p` of an ascending array (NaN when empty). */
export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
