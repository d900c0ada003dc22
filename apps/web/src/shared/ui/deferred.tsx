import { useEffect, useState, type ReactNode } from 'react';
import './deferred.css';

/**
 * Markup of deferred parts, taken from the server-rendered page just before the app renders over
 * it (main.tsx), by part id. Read once.
 */
const serverMarkup = new Map<string, string>();

/**
 * Parts waiting to be built, one per task: the next task is asked for only once the previous
 * part is built, so parts that wait together are not built in one long task.
 */
const waiting: (() => void)[] = [];
let pumping = false;

function pump(): void {
  const build = waiting.shift();
  if (!build) {
    pumping = false;
    return;
  }
  build();
  setTimeout(pump, 0);
}

function schedule(build: () => void): () => void {
  waiting.push(build);
  if (!pumping) {
    pumping = true;
    setTimeout(pump, 0);
  }
  return () => {
    const at = waiting.indexOf(build);
    if (at >= 0) waiting.splice(at, 1);
  };
}

/** Keeps the server's markup of every deferred part under `root`; call before rendering over it. */
export function keepServerMarkup(root: ParentNode): void {
  root.querySelectorAll<HTMLElement>('[data-deferred]').forEach((el) => {
    if (el.dataset.deferred) serverMarkup.set(el.dataset.deferred, el.innerHTML);
  });
}

/**
 * A part of a server-rendered screen that the browser's first render leaves as the server sent it
 * and builds in a task of its own right after, so that no single task blocks a slow phone for
 * long. Where there is no server markup (unit tests, screens reached in the app) it renders at
 * once. `id` must be unique on the screen. Its box is `display: contents`, so wrapping changes no
 * layout; several parts are built in as many tasks.
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
  const [markup, setMarkup] = useState(() => serverMarkup.get(id));
  useEffect(() => {
    serverMarkup.delete(id);
    if (markup === undefined) return;
    return schedule(() => setMarkup(undefined));
  }, [id, markup]);
  const classes = className ? `kj-deferred ${className}` : 'kj-deferred';
  return markup === undefined ? (
    <div data-deferred={id} className={classes}>
      {children}
    </div>
  ) : (
    // The same markup again: the page keeps what it shows until the real part replaces it.
    <div data-deferred={id} className={classes} dangerouslySetInnerHTML={{ __html: markup }} />
  );
}
