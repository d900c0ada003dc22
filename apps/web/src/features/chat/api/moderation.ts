import { chatCall } from './chat-call';

/** A member reports a message to the moderators. */
export const reportMessage = (id: number) =>
  chatCall<boolean>(`/messages/${id}/report`, { method: 'POST', bearer: 'chat' });

/** A moderator deletes a message: it disappears for every reader. */
export const deleteMessage = (id: number) =>
  chatCall<boolean>(`/messages/${id}`, { method: 'DELETE', bearer: 'chat' });

/** A moderator mutes a member for `minutes`. */
export const muteMember = (memberId: number, minutes: number) =>
  chatCall<{ until: string }>('/mutes', {
    method: 'POST',
    bearer: 'chat',
    body: { memberId, minutes },
  });
