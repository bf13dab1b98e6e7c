import { z } from 'zod';
import { USSD_PIN_LENGTH } from '~/features/channels/constants';
import { PIN_LENGTH } from './constants';
import { whenFields } from './schemas';

/**
 * `POST /user/ussd-pin` and the profile's USSD PIN form (docs/auth.md "USSD PIN"): the code the SMS brought, the new
 * PIN and the PIN again. Whether the PIN is too easy (1111, 1234) is the service's check (setUssdPin), before the code
 * is spent.
 */
export const ussdPinChangeSchema = z
  .object({
    code: z.string().trim().length(PIN_LENGTH, { message: 'accounts.pin_length' }),
    pin: z
      .string()
      .trim()
      .regex(new RegExp(`^\\d{${USSD_PIN_LENGTH}}$`), { message: 'profile.ussd_pin_format' }),
    pin_repeat: z.string().trim(),
  })
  .refine((input) => input.pin === input.pin_repeat, {
    message: 'profile.ussd_pins_differ',
    path: ['pin_repeat'],
    when: whenFields('pin', 'pin_repeat'),
  });
export type UssdPinChange = z.infer<typeof ussdPinChangeSchema>;
