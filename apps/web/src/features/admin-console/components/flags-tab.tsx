import { useState } from 'react';
import { Badge, Button, Group, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { featureFlagsEndpoints as endpoints, type FlagDefinition } from '@pc/contracts';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { call } from '../../../lib/endpoints';
import { addToast } from '../../../lib/toast';
import { useFlagDefinitions, useFlagOverrides } from '../api/admin-api';
import { FlagDefinitionForm } from './flag-definition-form';
import { formatFlagValue, parseFlagValue } from './flag-value';
import { useReturnFocus } from './return-focus';

const COLUMNS: DataColumn[] = [
  { key: 'flag', header: 'Flag' },
  { key: 'shape', header: 'Shape' },
  { key: 'default', header: 'Default' },
  { key: 'overrides', header: 'Overrides' },
  { key: 'actions', header: '', label: 'Actions' },
];

/** Feature flags: each definition with its default, and per-partner overrides. Admins only (the page shows the tab to them alone). */
export function FlagsTab() {
  const { data, error, isLoading, mutate } = useFlagDefinitions();
  const [selected, setSelected] = useState<string | null>(null);
  // The definition form: 'new', or the key of the flag being edited.
  const [editing, setEditing] = useState<string | null>(null);
  const focus = useReturnFocus();
  // Deleting asks twice: the first click arms the button, the second deletes.
  const [confirming, setConfirming] = useState<string | null>(null);
  const remove = async (key: string) => {
    try {
      await call(endpoints.remove, { params: { key } }, { publisherId: null });
      addToast('success', `Flag ${key} deleted, with its overrides and its value in every plan.`);
      if (selected === key) setSelected(null);
      await mutate();
    } catch (e) {
      addToast('error', (e as Error).message);
    } finally {
      setConfirming(null);
    }
  };
  if (error) return <LoadErrorAlert title="The feature flags could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (isLoading || !data) return <Skeleton h={200} />;
  const flag = data.find((f) => f.key === selected) ?? null;
  const edited = editing === 'new' ? undefined : data.find((f) => f.key === editing);
  return (
    <Stack>
      <Group justify="flex-end">
        <Button
          onClick={(e) => {
            focus.remember(e.currentTarget);
            setEditing('new');
          }}
        >
          New flag
        </Button>
      </Group>
      {editing !== null && (editing === 'new' || edited) && (
        <FlagDefinitionForm
          key={editing}
          flag={edited}
          onDone={(saved) => {
            setEditing(null);
            focus.restore();
            if (saved) void mutate();
          }}
        />
      )}
      <DataTable label="Feature flags" columns={COLUMNS} minWidth={560} striped highlightOnHover>
        {data.map((f) => (
          <Table.Tr key={f.key}>
            <Table.Td>
              <Group gap={6}>
                <Text size="sm" fw={500}>
                  {f.key}
                </Text>
                {f.markedNew && (
                  <Badge size="xs" color="green" variant="light">
                    new
                  </Badge>
                )}
                {f.beta && (
                  <Badge size="xs" color="grape" variant="light">
                    beta
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dimmed">
                {f.description}
              </Text>
            </Table.Td>
            <Table.Td>{f.shape}</Table.Td>
            <Table.Td>{formatFlagValue(f.defaultValue)}</Table.Td>
            <Table.Td>{f.overrides}</Table.Td>
            <Table.Td>
              <Button size="xs" variant="light" onClick={() => setSelected(f.key)} aria-label={`Overrides of ${f.key}`}>
                Overrides
              </Button>
              <Button
                size="xs"
                ml={6}
                variant="subtle"
                onClick={(e) => {
                  focus.remember(e.currentTarget);
                  setEditing(f.key);
                }}
                aria-label={`Edit ${f.key}`}
              >
                Edit
              </Button>
              <Button
                size="xs"
                ml={6}
                color="red"
                variant={confirming === f.key ? 'filled' : 'subtle'}
                onClick={() => (confirming === f.key ? void remove(f.key) : setConfirming(f.key))}
                aria-label={confirming === f.key ? `Confirm deleting ${f.key}` : `Delete ${f.key}`}
              >
                {confirming === f.key ? 'Confirm delete' : 'Delete'}
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
      {flag && <OverridesPanel flag={flag} onChanged={() => void mutate()} />}
    </Stack>
  );
}

function OverridesPanel({ flag, onChanged }: { flag: FlagDefinition; onChanged: () => void }) {
  const { data, error, mutate } = useFlagOverrides(flag.key);
  const [publisherId, setPublisherId] = useState('');
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const params = (publisherId: string) => ({ key: flag.key, publisherId });
  const save = async () => {
    const parsed = parseFlagValue(flag.shape, value);
    if (!publisherId.trim()) return setProblem('Enter the partner id.');
    if (parsed === null) return setProblem(flag.shape === 'BOOLEAN' ? 'Enter true or false.' : 'Enter a number.');
    setSaving(true);
    try {
      await call(endpoints.setOverride, { params: params(publisherId.trim()), body: { value: parsed } }, { publisherId: null });
      setProblem(null);
      addToast('success', `Override saved for partner ${publisherId.trim()}.`);
      await mutate();
      onChanged();
    } catch (e) {
      setProblem((e as Error).message);
    } finally {
      setSaving(false);
    }
  };
  const clear = async (pid: string) => {
    try {
      await call(endpoints.clearOverride, { params: params(pid) }, { publisherId: null });
      // With a chosen plan the server writes the plan's value back; without one the flag default applies.
      addToast('success', `Override cleared: partner ${pid} follows its plan again (the default if it has no plan).`);
      await mutate();
      onChanged();
    } catch (e) {
      addToast('error', (e as Error).message);
    }
  };
  return (
    <Stack gap="sm" aria-label={`Overrides of ${flag.key}`}>
      <Title order={3} size="h4">
        Overrides of {flag.key} (default {formatFlagValue(flag.defaultValue)})
      </Title>
      {error && <LoadErrorAlert title="The overrides could not be loaded" message={error.message} onRetry={() => void mutate()} />}
      {data?.length === 0 && <Text size="sm">No partner has an override: every partner gets the default.</Text>}
      {data?.map((o) => (
        <Group key={o.publisherId} gap="sm">
          <Text size="sm">
            {o.publisherName} ({o.publisherId}): {formatFlagValue(o.value)}
          </Text>
          {o.source === 'plan' ? (
            // A plan's value is changed by changing the plan (or by saving an admin override below).
            <Badge variant="light" color="gray">
              From the partner&apos;s plan
            </Badge>
          ) : (
            <>
              <Badge variant="light">Set by an admin</Badge>
              <Button size="xs" variant="subtle" color="red" onClick={() => void clear(o.publisherId)}>
                Clear override
              </Button>
            </>
          )}
        </Group>
      ))}
      <Group align="flex-end">
        <TextInput label="Partner id" value={publisherId} onChange={(e) => setPublisherId(e.currentTarget.value)} />
        <TextInput
          label={flag.shape === 'SET' ? 'Values (comma separated)' : flag.shape === 'BOOLEAN' ? 'Value (true or false)' : 'Value'}
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          error={problem}
        />
        <Button onClick={() => void save()} loading={saving}>
          Save override
        </Button>
      </Group>
    </Stack>
  );
}
