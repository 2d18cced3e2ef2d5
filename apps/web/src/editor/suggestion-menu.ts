import type { SuggestionKeyDownProps, SuggestionProps } from '@tiptap/suggestion';

/**
 * The list a suggestion (`/` for blocks, `@` for pages) opens at the cursor: its items by title,
 * chosen with the arrow keys and Enter or the mouse, closed with Escape; a listbox named `label`.
 */
export function suggestionMenu<Item extends { title: string }>(label: string, idPrefix: string) {
  return () => {
    let list: HTMLUListElement | undefined;
    let active = 0;
    let current: SuggestionProps<Item, Item> | undefined;
    const draw = () => {
      if (list === undefined || current === undefined) return;
      const { items, command } = current;
      list.replaceChildren(
        ...items.map((item, index) => {
          const option = document.createElement('li');
          option.id = `${idPrefix}-${index}`;
          option.role = 'option';
          option.textContent = item.title;
          option.ariaSelected = String(index === active);
          option.addEventListener('mousedown', (event) => {
            event.preventDefault();
            command(item);
          });
          return option;
        }),
      );
      list.setAttribute('aria-activedescendant', `${idPrefix}-${active}`);
      const box = current.clientRect?.();
      if (box) {
        list.style.left = `${box.left + window.scrollX}px`;
        list.style.top = `${box.bottom + window.scrollY + 4}px`;
      }
    };
    return {
      onStart(props: SuggestionProps<Item, Item>) {
        current = props;
        active = 0;
        list = document.createElement('ul');
        list.className = 'suggestion-menu';
        list.role = 'listbox';
        list.ariaLabel = label;
        document.body.append(list);
        draw();
      },
      onUpdate(props: SuggestionProps<Item, Item>) {
        current = props;
        active = Math.min(active, Math.max(0, props.items.length - 1));
        draw();
      },
      onKeyDown({ event }: SuggestionKeyDownProps) {
        const count = current?.items.length ?? 0;
        if (event.key === 'Escape') {
          list?.remove();
          list = undefined;
          return true;
        }
        if (count === 0) return false;
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
          active = (active + (event.key === 'ArrowDown' ? 1 : count - 1)) % count;
          draw();
          return true;
        }
        if (event.key === 'Enter') {
          const item = current?.items[active];
          if (item !== undefined) current?.command(item);
          return true;
        }
        return false;
      },
      onExit() {
        list?.remove();
        list = undefined;
      },
    };
  };
}
