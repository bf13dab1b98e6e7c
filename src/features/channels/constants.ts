/** The feature-phone channel's numbers (docs/feature-phones.md): one place for the menu, the SMS and their tests. */

/** Characters a USSD screen may hold (Africa's Talking: 182 GSM-7 characters, `CON `/`END ` included). */
export const USSD_SCREEN_MAX = 182;
/** A USSD session is forgotten this long after its last step: the gateway's own time-out is shorter. */
export const USSD_SESSION_SECONDS = 180;
/** Digits of a USSD PIN. */
export const USSD_PIN_LENGTH = 4;
/** Wrong PINs in a row that lock the member's USSD. */
export const USSD_PIN_MAX_FAILURES = 5;
/** How long a lock-out lasts. */
export const USSD_LOCK_MINUTES = 15;
/** Characters of one GSM-7 SMS; a longer reply is split into numbered parts of SMS_PART_MAX. */
export const SMS_MAX = 160;
export const SMS_PART_MAX = 153;
/** A reply to an SMS command is at most this many parts. */
export const SMS_MAX_PARTS = 3;
/** Notices one member gets by SMS in a day (UTC); past it, the rest wait for the site and e-mail. */
export const SMS_NOTICE_DAILY_CAP = 10;
/** Items of a list on one USSD screen at most (the rest behind `98`). */
export const USSD_PAGE_ITEMS = 7;

/** The menu's reserved inputs. */
export const USSD_BACK = '0';
export const USSD_HOME = '00';
export const USSD_MORE = '98';
