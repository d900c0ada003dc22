/**
 * A refusal of the chat (docs/architecture.md §10 error codes), or SYS/OFFLINE and SYS/TIMEOUT of
 * the socket. A file of its own: the panel tells refusals apart without loading the socket code.
 */
export class ChatError extends Error {
  readonly code: string;
  constructor(code: string, msg: string) {
    super(msg);
    this.code = code;
  }
}
