import type { ReactNode } from 'react';

export interface TabItem<T extends string> {
  id: T;
  label: ReactNode;
}

/**
 * A row of tabs (ARIA tablist) styled by the caller's `tabs` and `tab` classes. `ids`, when given,
 * names each tab and the panel it controls, for callers whose panel is labelled by its tab.
 */
export function TabList<T extends string>({
  label,
  tabs,
  selected,
  onSelect,
  classes,
  ids,
}: {
  label: string;
  tabs: readonly TabItem<T>[];
  selected: T;
  onSelect: (id: T) => void;
  /** The caller's stylesheet: its `tabs` and `tab` classes are used. */
  classes: { readonly [name: string]: string };
  ids?: { tab: (id: T) => string; panel: (id: T) => string };
}) {
  return (
    <div className={classes.tabs} role="tablist" aria-label={label}>
      {tabs.map((t) => (
        <button
          key={t.id}
          type="button"
          role="tab"
          id={ids?.tab(t.id)}
          aria-selected={t.id === selected}
          aria-controls={ids?.panel(t.id)}
          className={classes.tab}
          onClick={() => onSelect(t.id)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
