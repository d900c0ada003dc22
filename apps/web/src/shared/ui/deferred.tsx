import { Suspense, type ReactNode } from 'react';
import { nextTask } from '../lib/next-task';
import './deferred.css';

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      /** The box of a `Deferred` part (display: contents). */
      'kj-part': { 'data-part': string; class?: string; children?: ReactNode };
    }
  }
}

/**
 * Parts waiting for their turn, one per task: the next turn is given only once the previous part
 * has been taken over, so parts that wait together are not all done in one long task.
 */
const waiting: (() => void)[] = [];
let pumping = false;
/** True from `hydrateInParts()` until every part that waited has had its turn. */
let hydrating = false;
let onHydrated: (() => void) | undefined;
/** Per part id: the promise its first render threw, and whether its turn has come. */
const turns = new Map<string, { promise: Promise<void>; done: boolean }>();

function pump(): void {
  const next = waiting.shift();
  if (!next) {
    pumping = false;
    hydrating = false;
    turns.clear();
    onHydrated?.();
    onHydrated = undefined;
    return;
  }
  next();
  // A task rather than a microtask: the part's render (queued by `next`) runs in this task, and
  // the browser may handle input and paint before the next one.
  void nextTask().then(pump);
}

function startPump(): void {
  if (pumping) return;
  pumping = true;
  void nextTask().then(pump);
}

function turnOf(id: string): { promise: Promise<void>; done: boolean } {
  let turn = turns.get(id);
  if (!turn) {
    let resolve!: () => void;
    const promise = new Promise<void>((r) => (resolve = r));
    const entry = { promise, done: false };
    waiting.push(() => {
      entry.done = true;
      resolve();
    });
    startPump();
    turns.set(id, (turn = entry));
  }
  return turn;
}

/**
 * Call just before hydrating a server-rendered page: until then every `Deferred` renders at once.
 * During the hydration each part suspends, so Preact keeps its server markup as it is and takes
 * it over in a task of its own afterwards, in page order. `done` runs once the last part is in.
 */
export function hydrateInParts(done?: () => void): void {
  hydrating = true;
  onHydrated = done;
  // A page without parts is done once the hydration itself is.
  startPump();
}

function Turn({ id, children }: { id: string; children: ReactNode }) {
  if (hydrating) {
    const turn = turnOf(id);
    // Suspending here is what splits the hydration: the Suspense boundary above resumes this part
    // once its turn comes, on the very DOM nodes the server sent.
    if (!turn.done) throw turn.promise;
  }
  return children;
}

/**
 * A part of a screen that, on a server-rendered page, the app takes over after the rest, in a
 * task of its own, so that no single task blocks a slow phone for long; the page shows the
 * server's markup meanwhile. Elsewhere (unit tests, screens reached in the app) it renders at once.
 * `id` must be unique on the screen. Its box (`<kj-part>`) is `display: contents`, so wrapping
 * changes no layout.
 */
export function Deferred({
  id,
  className,
  children,
}: {
  id: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Suspense fallback={null}>
      <Turn id={id}>
        {/* The one element the part renders: what Preact keeps while the part waits. An element of
            its own kind: taking over a page matches elements by tag, and a part the browser drops
            (the side menu on a phone) must not be taken for the <div> that follows it. */}
        <kj-part data-part={id} class={className}>
          {children}
        </kj-part>
      </Turn>
    </Suspense>
  );
}
