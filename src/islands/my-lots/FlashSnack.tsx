import { useEffect } from 'react';
import { showFlashSnack } from './flash';

/** Shows the result of the action that reloaded the page (see flash.ts); renders nothing. */
export default function FlashSnack() {
  useEffect(showFlashSnack, []);
  return null;
}
