import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Badge, Group, Text, TextInput } from '@mantine/core';
import { Limits, type Partner } from '@pc/contracts';
import { filterPartners } from './partner-filter';
import classes from './partner-search.module.css';

export interface PartnerSearchProps {
  partners: readonly Partner[] | undefined;
  loading: boolean;
  selectedId?: string | null;
  onSelect: (partner: Partner) => void;
  autoFocus?: boolean;
}

/**
 * Partner combobox (docs/product.md#routes): a search input driving a listbox. Arrow keys, Home/End
 * move the active option, Enter selects; the pointer works too. Shared by partner selection and
 * the shell's account switcher.
 */
export function PartnerSearch({ partners, loading, selectedId, onSelect, autoFocus }: PartnerSearchProps) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const items = useMemo(() => filterPartners(partners ?? [], query), [partners, query]);

  useEffect(() => setActive(0), [query]);
  useEffect(() => {
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (items.length === 0) return;
    const move = (i: number) => {
      e.preventDefault();
      setActive(Math.max(0, Math.min(items.length - 1, i)));
    };
    if (e.key === 'ArrowDown') move(active + 1);
    else if (e.key === 'ArrowUp') move(active - 1);
    else if (e.key === 'Home' && e.ctrlKey) move(0);
    else if (e.key === 'End' && e.ctrlKey) move(items.length - 1);
    else if (e.key === 'PageDown') move(active + 8);
    else if (e.key === 'PageUp') move(active - 8);
    else if (e.key === 'Enter') {
      e.preventDefault();
      const p = items[active];
      if (p) onSelect(p);
    }
  };

  const optionId = (i: number) => `${listId}-opt-${i}`;
  const showList = !loading && items.length > 0;

  return (
    <div>
      <TextInput
        aria-label="Search partners"
        placeholder="Search by partner name or partner id"
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        onKeyDown={onKeyDown}
        autoFocus={autoFocus}
        data-autofocus={autoFocus ? true : undefined}
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList ? optionId(active) : undefined}
        mb="xs"
      />
      <div className={classes.list} style={{ maxHeight: Limits.comboboxMaxHeight }} ref={listRef}>
        {loading ? (
          <Text c="dimmed" size="sm" p="sm" role="status">
            Please wait...
          </Text>
        ) : items.length === 0 ? (
          <Text c="dimmed" size="sm" p="sm" role="status">
            No results found
          </Text>
        ) : (
          <div role="listbox" id={listId} aria-label="Partners">
            {items.map((p, i) => (
              <div
                key={p.publisherId}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                data-index={i}
                data-active={i === active || undefined}
                data-current={p.publisherId === selectedId || undefined}
                className={classes.option}
                onMouseEnter={() => setActive(i)}
                onClick={() => onSelect(p)}
              >
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" fw={500} truncate>
                    {p.name}
                  </Text>
                  <Group gap={6} wrap="nowrap">
                    {p.publisherId === selectedId && (
                      <Badge size="xs" variant="light">
                        Current
                      </Badge>
                    )}
                    <Text size="xs" c="dimmed" ff="monospace">
                      {p.publisherId}
                    </Text>
                  </Group>
                </Group>
              </div>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
