import { Box, Group, Pagination, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { LIST_LIMITS } from '@portal/contract';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';

/** Every list's search waits for a second without typing (docs/product/campaigns.md, Campaign lists). */
const SEARCH_DELAY_MS = 1000;

/**
 * The search box's text. What is typed shows at once while the address keeps the applied
 * search; a search changed elsewhere (a menu link to the bare page) replaces the typed text.
 */
function useSearchBox(applied: string, setSearch: (search: string) => void) {
  const [draft, setDraft] = useState<{ text: string; base: string } | null>(null);
  const apply = useDebouncedCallback((text: string) => setSearch(text), SEARCH_DELAY_MS);
  const current = draft !== null && (applied === draft.base || applied === draft.text.trim());
  return {
    value: current ? draft.text : applied,
    onChange: (text: string) => {
      setDraft({ text, base: applied });
      apply(text);
    },
    flush: () => apply.flush(),
  };
}

/** A list's search box: applied a second after the last key, or at once with Enter. */
export function ListSearch({
  label,
  applied,
  setSearch,
}: {
  /** Its accessible name and placeholder, for example "Search campaigns". */
  label: string;
  applied: string;
  setSearch: (search: string) => void;
}) {
  const search = useSearchBox(applied, setSearch);
  return (
    <TextInput
      type="search"
      aria-label={label}
      placeholder={label}
      leftSection={<IconSearch size={16} aria-hidden />}
      maw={360}
      maxLength={LIST_LIMITS.maxSearchLength}
      value={search.value}
      onChange={(event) => search.onChange(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') search.flush();
      }}
    />
  );
}

/**
 * A list's pages: the first, the last, the current one with its neighbours, and dots across
 * the gaps. Nothing when there is one page.
 */
export function ListPagination({
  label,
  page,
  lastPage,
  setPage,
}: {
  /** What the pages are of, for the navigation's name: "{label} pages". */
  label: string;
  page: number;
  lastPage: number;
  setPage: (page: number) => void;
}) {
  if (lastPage <= 1) return null;
  return (
    <Group justify="flex-end">
      <Box component="nav" aria-label={`${label} pages`}>
        <Pagination
          total={lastPage}
          value={Math.min(page, lastPage)}
          onChange={setPage}
          boundaries={1}
          siblings={1}
          // Small enough that first, last, current, its neighbours and the dots fit at 390 px.
          size="sm"
          gap={4}
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          getControlProps={(control) => ({
            'aria-label': control === 'next' ? 'Next page' : control === 'previous' ? 'Previous page' : control,
          })}
        />
      </Box>
    </Group>
  );
}
