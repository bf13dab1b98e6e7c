import {
  PATH_STEPS,
  type PhoneProof,
  type StepId,
  type WizardPath,
  type WizardValues,
  noPhoneProof,
} from './wizard-model';

/**
 * The wizard's progress in localStorage, so a dropped connection or a reload on a phone does not cost the
 * answers. Never the password (nor its repeat, nor the PIN): a shared phone must not keep them.
 */
const KEY = 'mavuno:signup-wizard';
const VERSION = 1;
/** Old progress is a stranger's on a shared phone more often than it is useful. */
const MAX_AGE_MS = 7 * 24 * 3600_000;

type SavedValues = Omit<WizardValues, 'password' | 'password_repeat' | 'pin'>;
export interface SavedWizard {
  path: WizardPath;
  step: StepId;
  values: SavedValues;
  proof: PhoneProof;
}

export function saveWizard(state: { path: WizardPath; step: StepId; values: WizardValues; proof: PhoneProof }): void {
  const { password: _password, password_repeat: _repeat, pin: _pin, ...values } = state.values;
  try {
    localStorage.setItem(
      KEY,
      JSON.stringify({
        version: VERSION,
        savedAt: Date.now(),
        path: state.path,
        step: state.step,
        values,
        proof: state.proof,
      }),
    );
  } catch {
    // Private mode or a full storage: the wizard still works, only without resuming.
  }
}

/** The saved progress merged onto `defaults`, or null when there is none (or it is old or unreadable). */
export function loadWizard(defaults: WizardValues): SavedWizard | null {
  let raw: unknown;
  try {
    raw = JSON.parse(localStorage.getItem(KEY) ?? 'null');
  } catch {
    return null;
  }
  if (
    !isRecord(raw) ||
    raw.version !== VERSION ||
    typeof raw.savedAt !== 'number' ||
    Date.now() - raw.savedAt > MAX_AGE_MS
  )
    return null;
  const path = raw.path === 'quick' || raw.path === 'advanced' ? raw.path : null;
  if (!path || typeof raw.step !== 'string' || !PATH_STEPS[path].includes(raw.step as StepId) || raw.step === 'done')
    return null;
  const values = { ...defaults } as Record<string, unknown>;
  const saved = isRecord(raw.values) ? raw.values : {};
  for (const [name, fallback] of Object.entries(defaults)) {
    if (name === 'address' && isRecord(saved.address))
      values.address = pickKnown(saved.address, fallback as Record<string, string>);
    else if (typeof saved[name] === 'string') values[name] = saved[name];
  }
  const proof = isRecord(raw.proof)
    ? (pickKnown(raw.proof, noPhoneProof() as unknown as Record<string, string>) as unknown as PhoneProof)
    : noPhoneProof();
  return { path, step: raw.step as StepId, values: values as unknown as SavedValues, proof };
}

export function clearWizard(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing was saved where storage is unavailable.
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Keeps only the known keys whose saved type matches the default's (strings stay strings, numbers numbers). */
function pickKnown(saved: Record<string, unknown>, defaults: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(defaults).map(([name, fallback]) => [
      name,
      typeof saved[name] === typeof fallback ? saved[name] : fallback,
    ]),
  );
}
