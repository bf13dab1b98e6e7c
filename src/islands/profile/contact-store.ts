import { atom } from 'nanostores';

export interface ContactStatus {
  email: string | null;
  emailVerified: boolean;
  phone: string | null;
  phoneVerified: boolean;
}

/**
 * The user's e-mail and phone with their confirmation state, shared by the status and base-info sections:
 * a changed e-mail or phone must be confirmed again, and the status section shows it at once.
 * Null until one of the sections has started from the server's values.
 */
export const $contact = atom<ContactStatus | null>(null);
