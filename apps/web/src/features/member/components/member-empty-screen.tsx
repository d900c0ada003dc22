import type { ReactNode } from 'react';
import { EmptyState } from '@/shared/ui/empty-state';
import type { IconName } from '@/shared/ui/icon';

/** Member screens whose data arrives with the member service: what will be here and why. */
export function MemberEmptyScreen(props: {
  icon: IconName;
  title: string;
  description: string;
  points?: { icon: IconName; text: string }[];
  actions?: ReactNode;
}) {
  return (
    <div className="kj-stack">
      <div className="kj-card">
        <EmptyState {...props} />
      </div>
    </div>
  );
}
