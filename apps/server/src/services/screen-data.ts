// What a screen fetches first, beyond the start-up data every page carries (web-app plugin):
// answers to the web app's own first requests for the screen at `url`, keyed as the web app looks
// them up with takeInitialData, so the server renders the screen with its content and the browser
// shows it without a request.
import type { FastifyInstance } from 'fastify';

export async function screenData(
  _app: FastifyInstance,
  _url: string,
): Promise<Record<string, unknown>> {
  return {};
}
