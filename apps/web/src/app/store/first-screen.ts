import { answersArrived, type Answer } from '@/shared/api/api';
import type { AppStore } from './store';

/**
 * The answers a server-rendered page carries (`<script id="kj-data">`, see entry-server.tsx) into
 * the store before the first render, so the browser renders what the server did and asks for none
 * of it again.
 */
export function takePageAnswers(store: AppStore, doc: Document = document): void {
  const script = doc.getElementById('kj-data');
  if (!script?.textContent) return;
  try {
    const answers = JSON.parse(script.textContent) as unknown;
    if (Array.isArray(answers)) answersArrived(store.dispatch, answers as Answer[]);
  } catch {
    console.warn('kj-data is not valid JSON; fetching instead');
  }
  script.remove();
}
