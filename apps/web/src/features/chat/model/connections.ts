import type { ChatConnection } from './chat-connection';

/** The open connection of each room the page shows (the panel's input talks through it). */
export const connections = new Map<string, ChatConnection>();
