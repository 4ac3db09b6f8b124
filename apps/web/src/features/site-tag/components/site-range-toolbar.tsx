import { Group, SegmentedControl, Select, Text } from '@mantine/core';
import type { TaggedSite } from '@pc/contracts';
import { formatDay } from '../../../lib/format/number-format';
import { TAG_PRESETS, type TagPreset, type TagRange } from '../state/tag-range';

export interface SiteRangeToolbarProps {
  sites: TaggedSite[] | undefined;
  siteId: string | null;
  preset: TagPreset | null;
  range: TagRange;
  onChange: (change: { preset?: TagPreset; siteId?: string | null }) => void;
}

/** Site and period of the site-tag views; days are UTC, like the collected events. */
export function SiteRangeToolbar({ sites, siteId, preset, range, onChange }: SiteRangeToolbarProps) {
  const options = [{ value: '', label: 'All sites' }, ...(sites ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.domain})` }))];
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Site"
          data={options}
          value={siteId ?? ''}
          onChange={(v) => onChange({ siteId: v || null })}
          allowDeselect={false}
          w={280}
          disabled={!sites}
        />
        <SegmentedControl
          aria-label="Period"
          data={TAG_PRESETS.map((p) => ({ value: p.value, label: p.label }))}
          value={preset ?? ''}
          onChange={(v) => onChange({ preset: v as TagPreset })}
        />
      </Group>
      <Text size="sm" c="dimmed">
        {formatDay(range.from)} – {formatDay(range.to)} (UTC), compared with the {preset ? `previous ${preset} days` : 'period before'}
      </Text>
    </Group>
  );
}
