import { useRef, useState } from 'react';
import { showSnack } from '~/stores/snackbar';
import { apiPost } from '~/stores/api';
import { failureText } from '~/islands/lib/form-problem';
import { type ClientTranslate, type Messages, createClientTranslator } from '~/islands/lib/i18n';

export interface CategoryChoice {
  id: number;
  name: string;
  children: { id: number; name: string }[];
}

type Kind = 'board' | 'technic';

interface Props {
  messages: Messages;
  board: CategoryChoice[];
  technic: CategoryChoice[];
  selectedBoard: number[];
  selectedTechnic: number[];
}

const ENDPOINTS: Record<Kind, { add: string; remove: string }> = {
  board: { add: '/user/add-favorite-category', remove: '/user/remove-favorite-category' },
  technic: { add: '/user/add-favorite-technic-category', remove: '/user/remove-favorite-technic-category' },
};

/**
 * Favourite crop and machinery categories. A tick shows at once and is sent in the background (favourites
 * change locally first, as everywhere on the site); a refused call takes the tick back and says why.
 */
export default function FavoriteCategories({ messages, board, technic, selectedBoard, selectedTechnic }: Props) {
  const t = createClientTranslator(messages);
  const [chosen, setChosen] = useState<Record<Kind, Set<number>>>({
    board: new Set(selectedBoard),
    technic: new Set(selectedTechnic),
  });
  // The server's list is the truth, but only the answer to the latest call of a kind may replace ours.
  const inFlight = useRef<Record<Kind, number>>({ board: 0, technic: 0 });

  const apply = (kind: Kind, id: number, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current[kind]);
      if (on) next.add(id);
      else next.delete(id);
      return { ...current, [kind]: next };
    });

  async function toggle(kind: Kind, id: number, on: boolean) {
    apply(kind, id, on);
    inFlight.current[kind] += 1;
    const result = await apiPost<{ items: number[] }>(on ? ENDPOINTS[kind].add : ENDPOINTS[kind].remove, {
      index: [id],
    });
    inFlight.current[kind] -= 1;
    if (result.ok) {
      if (inFlight.current[kind] === 0) setChosen((current) => ({ ...current, [kind]: new Set(result.data.items) }));
      return;
    }
    apply(kind, id, !on);
    showSnack('error', `${t('profile.favorites_not_saved')} ${failureText(result, t)}`);
  }

  return (
    <div className="flex flex-col gap-6">
      <CategoryGroup
        title={t('profile.favorites_crops')}
        kind="board"
        tree={board}
        chosen={chosen.board}
        onToggle={toggle}
        t={t}
      />
      <CategoryGroup
        title={t('profile.favorites_machinery')}
        kind="technic"
        tree={technic}
        chosen={chosen.technic}
        onToggle={toggle}
        t={t}
      />
    </div>
  );
}

interface GroupProps {
  title: string;
  kind: Kind;
  tree: CategoryChoice[];
  chosen: Set<number>;
  onToggle: (kind: Kind, id: number, on: boolean) => void;
  t: ClientTranslate;
}

function CategoryGroup({ title, kind, tree, chosen, onToggle, t }: GroupProps) {
  // Groups holding a favourite start open; after that each stays as the user leaves it.
  const [initiallyOpen] = useState(
    () =>
      new Set(
        tree.filter((root) => [root, ...root.children].some((node) => chosen.has(node.id))).map((root) => root.id),
      ),
  );
  return (
    <section aria-labelledby={`favorites-${kind}`}>
      <h3 id={`favorites-${kind}`} className="mb-2 text-lg font-semibold">
        {title}
      </h3>
      <div className="grid items-start gap-2 lg:grid-cols-2">
        {tree.map((root) => {
          const count = [root, ...root.children].filter((node) => chosen.has(node.id)).length;
          const box = (node: { id: number; name: string }, label: string, strong = false) => (
            <li key={node.id}>
              <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded px-2 hover:bg-base-200">
                <input
                  type="checkbox"
                  className="checkbox checkbox-primary"
                  checked={chosen.has(node.id)}
                  onChange={(event) => onToggle(kind, node.id, event.target.checked)}
                />
                <span className={strong ? 'font-medium' : undefined}>{label}</span>
              </label>
            </li>
          );
          return (
            <details
              key={root.id}
              className="collapse collapse-arrow border border-base-300 bg-base-100"
              open={initiallyOpen.has(root.id) || undefined}
            >
              <summary className="collapse-title min-h-12 font-medium">
                {root.name}
                {count > 0 && (
                  <span className="badge badge-primary badge-sm ml-2">{t('profile.favorites_chosen', { count })}</span>
                )}
              </summary>
              <div className="collapse-content">
                <fieldset>
                  <legend className="sr-only">{root.name}</legend>
                  <ul className="grid gap-x-4 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
                    {box(root, t('profile.favorites_whole_group', { name: root.name }), true)}
                    {root.children.map((child) => box(child, child.name))}
                  </ul>
                </fieldset>
              </div>
            </details>
          );
        })}
      </div>
    </section>
  );
}
