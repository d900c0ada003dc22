import { nextTask } from '@/shared/lib/next-task';

/** On screen now: painted first. */
export const IN_VIEW = 0;
/** Near the screen (the next to scroll in): painted after. */
export const NEAR = 1;
/** What no one sees change at once (words for screen readers, the rows below the chart). */
export const LATER = 2;

interface Job {
  steps: Iterator<void>;
  priority: number;
  done: () => void;
  cancelled: boolean;
}

const jobs: Job[] = [];
let running = false;

/**
 * Canvas pictures painted a step per task, one queue for the page: a visitor who switches the
 * chart waits for the tiles on screen, so their steps go before those of tiles below the fold,
 * and no two pictures split the CPU between them. Returns the cancel of the job (a newer chart
 * or size makes the picture pointless).
 */
export function queuePaint(steps: Iterator<void>, priority: number, done: () => void): () => void {
  const job: Job = { steps, priority, done, cancelled: false };
  jobs.push(job);
  if (!running) void run();
  return () => {
    job.cancelled = true;
  };
}

/**
 * After the browser's next frame: what is on screen is shown before what is below it is painted
 * (a task alone may come before the frame, and the visitor would wait for both).
 */
function afterFrame(): Promise<void> {
  if (typeof requestAnimationFrame !== 'function' || document.hidden) return nextTask();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

async function run() {
  running = true;
  try {
    let urgency = IN_VIEW;
    while (jobs.length > 0) {
      // The oldest of the most urgent jobs.
      let best = 0;
      for (let i = 1; i < jobs.length; i++) if (jobs[i]!.priority < jobs[best]!.priority) best = i;
      const job = jobs[best]!;
      if (job.cancelled) {
        jobs.splice(best, 1);
        continue;
      }
      if (job.priority > urgency) {
        urgency = job.priority;
        await afterFrame();
        continue;
      }
      urgency = job.priority;
      if (job.steps.next().done) {
        jobs.splice(best, 1);
        job.done();
      }
      if (jobs.length > 0) await nextTask();
    }
  } finally {
    running = false;
  }
}
