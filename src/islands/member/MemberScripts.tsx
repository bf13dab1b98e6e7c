import { useEffect } from 'react';
import { startUserMenu } from '~/scripts/user-menu';
import { startOfflineQuoteSender } from '~/stores/offline-quotes';

/**
 * What a member's page does in the browser besides its islands, hydrated once the page has loaded
 * (src/layouts/BaseLayout.astro): the header's behaviour (src/scripts/user-menu.ts) and the sending of lots written
 * offline in this browser. It shows nothing.
 */
export default function MemberScripts({ userId }: { userId: number }) {
  useEffect(() => {
    startUserMenu();
    startOfflineQuoteSender(userId);
  }, [userId]);
  return null;
}
