import { useEffect } from 'react';

/**
 * Makes a catalogue's filter form instant for signed-in members (visitors keep the plain GET form and its
 * buttons). A changed select or checkbox reloads the results after a short pause; a text or price field waits
 * until the member leaves the field group, so typing "from" and then "to" loads once. Selects marked with
 * `data-default` leave their default value out. Every submit — a change,
 * Enter or the button — drops empty values, so the address stays short and shareable, and starts at page 1
 * (the form holds no `page`).
 *
 * Controls tied to the form with `form="…"` (the search box and the sort select stand outside it) count too.
 * Renders nothing: the form is server-rendered and works without this island.
 */
const PAUSE_MS = 400;
const TYPED = new Set(['text', 'search', 'number']);

function isTyped(element: EventTarget | null): element is HTMLInputElement {
  return element instanceof HTMLInputElement && TYPED.has(element.type);
}

export default function InstantFilters({ formId }: { formId: string }) {
  useEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ownedBy = (target: EventTarget | null) =>
      (target instanceof HTMLInputElement || target instanceof HTMLSelectElement) && target.form === form
        ? target
        : null;

    const navigate = () => {
      // A select showing its default (sort: newest, currency: US dollar) adds nothing to the address.
      const atDefault = new Set<string>();
      for (const element of form.elements) {
        if (element instanceof HTMLSelectElement && element.dataset.default === element.value)
          atDefault.add(element.name);
      }
      const params = new URLSearchParams();
      for (const [name, value] of new FormData(form)) {
        if (typeof value === 'string' && value.trim() !== '' && !atDefault.has(name)) params.append(name, value.trim());
      }
      const query = params.toString();
      form.setAttribute('aria-busy', 'true');
      window.location.assign(`${new URL(form.action).pathname}${query ? `?${query}` : ''}`);
    };
    const onSubmit = (event: SubmitEvent) => {
      event.preventDefault();
      clearTimeout(timer);
      navigate();
    };
    const onChange = (event: Event) => {
      const control = ownedBy(event.target);
      if (!control) return;
      clearTimeout(timer);
      timer = setTimeout(() => form.requestSubmit(), PAUSE_MS);
    };
    // Moving on to another typed field of the form means the member is still writing the filter.
    const onFocusIn = (event: FocusEvent) => {
      if (isTyped(event.target) && ownedBy(event.target)) clearTimeout(timer);
    };

    form.addEventListener('submit', onSubmit);
    document.addEventListener('change', onChange);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      clearTimeout(timer);
      form.removeEventListener('submit', onSubmit);
      document.removeEventListener('change', onChange);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [formId]);
  return null;
}
